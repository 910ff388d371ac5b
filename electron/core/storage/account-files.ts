/**
 * Opening an account's two files, each checked first (issue 24.2/24.3): a broken mirror is set aside and rebuilt
 * (said through `log`); a broken outbox fails the account with words (OutboxFileError); the account record then
 * follows what the outbox holds.
 */
import { accountPaths } from '../data-dir.js';
import { Mirror } from '../mirror/index.js';
import { openOutbox, type Outbox } from '../outbox/index.js';
import type { AtRestCipher } from '../vault/index.js';
import { checkMirrorFile } from './mirror-file.js';
import { checkOutboxFile, trackOutbox, type OutboxLedger } from './outbox-file.js';
import { makePrivateDir } from './private-files.js';

export interface AccountFilesOptions {
  dataDir: string;
  cipher: AtRestCipher;
  now: () => number;
  /** Where the outbox's record is kept; without one the outbox is opened unchecked against a record. */
  ledger?: OutboxLedger;
  /** Who is told what was done to a file (a damaged mirror set aside). */
  log: (line: string) => void;
}

/** The two files, and `untrack`, which stops keeping the account record in step with the outbox. */
export function openAccountFiles(account: string, options: AccountFilesOptions): { mirror: Mirror; outbox: Outbox; untrack: () => void } {
  const paths = accountPaths(options.dataDir, account);
  makePrivateDir(paths.dir);
  checkOutboxFile(paths.outbox, account, options.ledger?.outboxRecord(account) ?? null);
  const notice = checkMirrorFile(paths.mirror, account);
  if (notice) options.log(notice);
  const mirror = Mirror.open(paths.mirror, { cipher: options.cipher, now: () => new Date(options.now()) });
  try {
    const outbox = openOutbox(paths.outbox, { cipher: options.cipher, now: options.now });
    const untrack = options.ledger ? trackOutbox(outbox, account, options.ledger) : () => undefined;
    return { mirror, outbox, untrack };
  } catch (error) {
    mirror.dispose();
    throw error;
  }
}
