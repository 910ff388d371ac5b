/**
 * The outbox from the command line: `outbox` (list; an edit changed on the provider meanwhile with both values),
 * `outbox retry|discard|mark-applied|keep-mine|take-theirs ID`, `queue KIND --params`.
 */
import { readFileSync } from 'node:fs';
import { conflictSentence, type ConflictChoice } from '../../shared/outbox/conflict.js';
import type { OutboxEntry } from '../../shared/outbox/entry.js';
import { DeskError } from '../core/desk-error.js';
import { UsageError } from './args.js';
import { readAttachmentPaths } from './attachments.js';
import { regularFileSize } from './files.js';
import type { CommandName } from './commands.js';
import { useAccount, type CommandContext } from './context.js';
import { print, table } from './output.js';

/** Larger parameters than any edit needs are refused before they are read. */
const MAX_PARAMS_BYTES = 1024 * 1024;

export async function outboxList(context: CommandContext): Promise<number> {
  await useAccount(context);
  const entries = await context.desk.call('outbox.list');
  print(context.options.json, entries, () =>
    entries.length === 0
      ? 'the outbox is empty'
      : table(
          ['ID', 'KIND', 'STATE', 'RECORD', 'TRIES', 'NOTE'],
          entries.map((e) => [e.id, e.kind, e.state, e.recordKey, e.attempts, noteOf(e)]),
        ) + settleHint(entries),
  );
  return 0;
}

/** Why an entry is where it is: its conflict with both values, its last error, or what it waits for. */
function noteOf(entry: OutboxEntry): string {
  if (entry.conflict) return conflictSentence(entry.conflict);
  return entry.lastError?.message ?? entry.waitingFor ?? '';
}

function settleHint(entries: readonly OutboxEntry[]): string {
  const waiting = entries.filter((e) => e.state === 'conflict').length;
  if (waiting === 0) return '';
  return `\n${waiting} edit(s) changed on the provider wait for you: \`outbox keep-mine ID\` sends yours, \`outbox take-theirs ID\` keeps theirs`;
}

export function outboxKeepMine(context: CommandContext): Promise<number> {
  return settle(context, 'mine', 'outbox keep-mine');
}

export function outboxTakeTheirs(context: CommandContext): Promise<number> {
  return settle(context, 'theirs', 'outbox take-theirs');
}

async function settle(context: CommandContext, choice: ConflictChoice, command: CommandName): Promise<number> {
  const id = entryId(context, command);
  await useAccount(context);
  return printEntry(context, await context.desk.call('outbox.resolve', { id, choice }));
}

export async function outboxRetry(context: CommandContext): Promise<number> {
  const id = entryId(context, 'outbox retry');
  await useAccount(context);
  return printEntry(context, await context.desk.call('outbox.retry', { id }));
}

export async function outboxDiscard(context: CommandContext): Promise<number> {
  const id = entryId(context, 'outbox discard');
  await useAccount(context);
  return printEntry(context, await context.desk.call('outbox.discard', { id }));
}

export async function outboxMarkApplied(context: CommandContext): Promise<number> {
  const id = entryId(context, 'outbox mark-applied');
  const raw = context.options['server-id'];
  const serverId = raw === undefined ? undefined : Number(raw);
  if (serverId !== undefined && !(Number.isInteger(serverId) && serverId > 0)) {
    throw new UsageError(`--server-id must be a whole number above 0 (got "${raw}")`, 'outbox mark-applied');
  }
  await useAccount(context);
  return printEntry(context, await context.desk.call('outbox.markApplied', { id, serverId }));
}

/** `outbox recover`: works on the account's files, so the account need not open (it usually cannot). */
export async function outboxRecover({ desk, options }: CommandContext): Promise<number> {
  const accounts = await desk.call('accounts.list');
  const account = options.account ?? (accounts.find((a) => a.current) ?? accounts[0])?.name;
  if (account === undefined) throw new Error('No account yet: there is no outbox to recover.');
  const report = await desk.callUnchecked('outbox.recover', { account });
  print(options.json, report, () => {
    const lost = report.lost.length === 0 ? 'none lost' : `${report.lost.length} could not be read and are lost (#${report.lost.join(', #')})`;
    const kept = report.aside === null ? 'there was no file to keep' : `the old file is kept at ${report.aside}`;
    return `recovered the outbox of "${account}": ${report.salvaged} entr${report.salvaged === 1 ? 'y' : 'ies'} carried over (${report.pending} not yet sent), ${lost}; ${kept}`;
  });
  return 0;
}

/** Queues any edit through outbox.enqueue, the procedure the app uses: the same checks, the same messages. */
export async function queue(context: CommandContext): Promise<number> {
  const { desk, words, options } = context;
  if (options.params === undefined) throw new UsageError('queue: --params is required (JSON, or @FILE)', 'queue');
  const params = readAttachmentPaths(readParams(options.params));
  await useAccount(context);
  let entry: OutboxEntry;
  try {
    // Untyped: what the command line gives is checked by the engine, kind and params.
    entry = await desk.callUnchecked('outbox.enqueue', { kind: words[0], params });
  } catch (error) {
    if (error instanceof DeskError && error.code === 'invalid_input') throw new UsageError(`queue: ${error.message.replace(/^outbox.enqueue: kind:/, 'KIND')}`, 'queue');
    throw error;
  }
  print(options.json, entry, () => `queued #${entry.id} ${entry.kind} (${entry.recordKey}); \`npx reseller-desk sync\` sends it`);
  return 0;
}

function readParams(value: string): unknown {
  const file = value.startsWith('@') ? value.slice(1) : null;
  let text = value;
  if (file !== null) {
    if (regularFileSize(file, `--params @${file}`, 'queue') > MAX_PARAMS_BYTES) throw new UsageError(`--params @${file}: larger than ${MAX_PARAMS_BYTES} bytes`, 'queue');
    text = readFileSync(file, 'utf8');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--params${file === null ? '' : ` @${file}`} is not JSON: ${(error as Error).message}`, 'queue');
  }
}

function entryId({ words }: CommandContext, command: CommandName): number {
  const id = Number(words[0]);
  if (!(Number.isInteger(id) && id > 0)) throw new UsageError(`${command}: ID is an outbox entry's number, as \`npx reseller-desk outbox\` lists (got "${words[0]}")`, command);
  return id;
}

function printEntry({ options }: CommandContext, entry: OutboxEntry): number {
  print(options.json, entry, () => `#${entry.id} ${entry.kind}: ${entry.state}`);
  return 0;
}
