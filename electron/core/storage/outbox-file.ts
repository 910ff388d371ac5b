/**
 * The outbox holds the user's queued edits, the one thing the app cannot download again, so a broken outbox is
 * never replaced in silence (issue 24.2/24.3). The account record keeps what the outbox last held (its last
 * entry id and how many edits were pending); at open, a file that vanished, was emptied or went back in time
 * against that record, or that is damaged, fails its own account with words that say which file, what it held
 * and what to do: `reseller-desk outbox recover` (recoverOutbox).
 */
import { existsSync, lstatSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { OutboxDamage, OutboxRecovery } from '../../../shared/contract.js';
import type { Outbox } from '../outbox/index.js';
import { PENDING_STATES } from '../../../shared/outbox/states.js';
import { checkSqliteFile } from './file-health.js';
import { pendingIn, readSalvage, writeSalvage } from './outbox-salvage.js';
import { COMPANIONS, copyAside, moveAside } from './set-aside.js';

/** What an account's outbox held when last seen: the last entry id ever given, and the edits not yet settled. */
export interface OutboxRecord {
  lastEntryId: number;
  pending: number;
}

/** Where the records are kept (the account store, beside each account's configuration). */
export interface OutboxLedger {
  outboxRecord(account: string): OutboxRecord | null;
  setOutboxRecord(account: string, record: OutboxRecord): void;
}

/** The account cannot open: its outbox file is missing, emptied, older than it was, or damaged. */
export class OutboxFileError extends Error {
  override readonly name = 'OutboxFileError';

  constructor(
    message: string,
    /** The same as facts, for a screen to say in its own words. */
    readonly damage: OutboxDamage,
  ) {
    super(message);
  }
}

export function recoverCommand(account: string): string {
  return `reseller-desk outbox recover --account "${account}"`;
}

function pendingWords(n: number): string {
  return `${n} edit${n === 1 ? '' : 's'} not yet sent`;
}

/** Throws OutboxFileError unless the outbox file can be opened as the account last left it. */
export function checkOutboxFile(file: string, account: string, record: OutboxRecord | null): void {
  const health = checkSqliteFile(file);
  const held = record && record.lastEntryId > 0 ? record : null;
  if (health.state === 'absent' || health.state === 'empty') {
    if (!held) return;
    const what = health.state === 'absent' ? 'is gone' : 'is empty (0 bytes)';
    throw new OutboxFileError(
      `The outbox of "${account}" ${what}: ${file}. It held ${pendingWords(held.pending)} (entries up to #${held.lastEntryId}). ` +
        `If you have a copy of the file, put it back; to start an empty outbox instead, losing them, run \`${recoverCommand(account)}\`.`,
      { state: health.state === 'absent' ? 'gone' : 'empty', file, readable: null, heldPending: held.pending },
    );
  }
  if (health.state === 'ok') {
    const lastEntryId = (() => {
      try {
        return (health.db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'entries'").pluck().get() as number | undefined) ?? 0;
      } catch {
        return 0;
      } finally {
        health.db.close();
      }
    })();
    if (!held || lastEntryId >= held.lastEntryId) return;
    throw new OutboxFileError(
      `The outbox of "${account}" went back in time: ${file} holds entries up to #${lastEntryId}, but it held up to #${held.lastEntryId} ` +
        `(${pendingWords(held.pending)}): it was replaced by an older copy or cut short. To carry on with what it holds, run \`${recoverCommand(account)}\`.`,
      { state: 'older', file, readable: null, heldPending: held.pending },
    );
  }
  const copy = keptCopy(file);
  const salvage = readSalvage(file, held?.lastEntryId ?? 0);
  const readable =
    salvage.entries.length === 0
      ? 'None of its entries can be read'
      : `${salvage.entries.length} of its entries can still be read, ${pendingWords(pendingIn(salvage.entries))} among them`;
  throw new OutboxFileError(
    `The outbox of "${account}" is damaged (${health.reason}): ${file}.` +
      (copy ? ` A copy is kept at ${copy}.` : '') +
      ` ${readable}${held ? `; when last opened it held ${pendingWords(held.pending)}` : ''}. ` +
      `Run \`${recoverCommand(account)}\` to carry on with the entries that can be read (the damaged file is kept aside).`,
    { state: 'damaged', file, readable: salvage.entries.length, heldPending: held?.pending ?? null },
  );
}

/** A copy of a damaged regular file, made once (a later open finds the same copy); null for a folder, a pipe, …. */
function keptCopy(file: string): string | null {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return null;
  }
  if (!stat.isFile()) return null;
  const dir = dirname(file);
  const prefix = `${basename(file)}.damaged-`;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || COMPANIONS.some((suffix) => name.endsWith(suffix))) continue;
    const copy = statSync(join(dir, name));
    if (copy.size === stat.size && copy.mtimeMs >= stat.mtimeMs) return join(dir, name);
  }
  return copyAside(file);
}

/**
 * Moves the outbox file aside (whatever it is: a damaged file, a folder, a link) and writes the entries that can
 * be read into a new one; with no file, an empty outbox. The record then describes the new file.
 */
export function recoverOutbox(file: string, account: string, ledger: OutboxLedger): OutboxRecovery {
  const record = ledger.outboxRecord(account);
  const present = (() => {
    try {
      lstatSync(file);
      return true;
    } catch {
      return false;
    }
  })();
  const isRegular = present && (() => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  })();
  const salvage = isRegular ? readSalvage(file, record?.lastEntryId ?? 0) : { entries: [], lastEntryId: record?.lastEntryId ?? 0, unreadable: [] };
  const lost = isRegular ? salvage.unreadable : Array.from({ length: salvage.lastEntryId }, (_, i) => i + 1);
  const fresh = `${file}.recovering`;
  rmSync(fresh, { force: true });
  for (const suffix of COMPANIONS) rmSync(fresh + suffix, { force: true });
  writeSalvage(fresh, salvage);
  const aside = present ? moveAside(file) : null;
  for (const suffix of COMPANIONS) if (existsSync(file + suffix)) rmSync(file + suffix, { force: true });
  renameSync(fresh, file);
  const pending = pendingIn(salvage.entries);
  ledger.setOutboxRecord(account, { lastEntryId: salvage.lastEntryId, pending });
  return { file, aside, salvaged: salvage.entries.length, pending, lost, heldPending: record?.pending ?? 0 };
}

/** Keeps the account's record in step with its open outbox: on open, and once per write (a batch of 5,000 entries is one). */
export function trackOutbox(outbox: Outbox, account: string, ledger: OutboxLedger): () => void {
  let last = ledger.outboxRecord(account);
  const update = () => {
    const counts = outbox.counts();
    const next: OutboxRecord = { lastEntryId: Math.max(outbox.lastEntryId(), last?.lastEntryId ?? 0), pending: PENDING_STATES.reduce((sum, s) => sum + counts[s], 0) };
    if (last && next.lastEntryId === last.lastEntryId && next.pending === last.pending) return;
    ledger.setOutboxRecord(account, next);
    last = next;
  };
  update();
  outbox.on('settled', update);
  return () => outbox.off('settled', update);
}
