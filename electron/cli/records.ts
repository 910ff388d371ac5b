/** The mirror as the app shows it: `status`, `export`, `search`, `show`. */
import type { HitDetail } from '../../shared/queries.js';
import { RESOURCE_NAMES, type ResourceName } from '../../shared/records.js';
import { UsageError } from './args.js';
import { useAccount, type CommandContext } from './context.js';
import { print, say, table } from './output.js';
import { jsonWithoutControls, visibleControls } from './terminal-text.js';

export async function status(context: CommandContext): Promise<number> {
  const { desk, options } = context;
  const account = await useAccount(context);
  const sync = await desk.call('sync.status');
  const counts = await desk.call('data.counts');
  const outboxCounts = await desk.call('outbox.counts');
  print(options.json, { account: account.name, resources: sync.resources, counts, outbox: outboxCounts, lastRun: sync.lastRun }, () =>
    [
      `account: ${account.name}`,
      table(
        ['RESOURCE', 'ROWS', 'LAST SYNCED', 'LAST ERROR'],
        sync.resources.map((r) => [r.resource, counts[r.resource], r.lastSyncedAt ?? 'never', r.lastError ?? '']),
      ),
      `invoices created here: ${counts.invoices}`,
      `outbox: ${Object.entries(outboxCounts).map(([state, n]) => `${n} ${state}`).join(', ')}`,
    ].join('\n'),
  );
  return 0;
}

export async function exportCommand(context: CommandContext): Promise<number> {
  const { desk, options } = context;
  const resource = resourceName(context.words[0]!, 'export');
  const format = options.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be csv or json (got "${format}")`, 'export');
  if (options.bom && format !== 'csv') throw new UsageError('--bom goes with --format csv', 'export');
  await useAccount(context);
  const state = (await desk.call('sync.status')).resources.find((r) => r.resource === resource);
  if (state && state.lastSyncedAt === null) say(`warning: ${resource} was never synced here: run npx reseller-desk sync first`);
  const file = await desk.call('data.export', { resource, format, bom: options.bom });
  // To a file or a pipe the data as it is; on a terminal, its control characters escaped (terminal-text.ts).
  const text = process.stdout.isTTY ? (format === 'json' ? jsonWithoutControls(file.text) : visibleControls(file.text)) : file.text;
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}

export async function search(context: CommandContext): Promise<number> {
  const { desk, options, words } = context;
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
    throw new UsageError(`--limit must be a whole number from 1 to 100 (got "${options.limit}")`, 'search');
  }
  await useAccount(context);
  const hits = await desk.call('data.search', { text: words[0]!, limit });
  print(options.json, hits, () =>
    hits.length === 0 ? 'nothing found' : table(['RESOURCE', 'ID', 'TITLE', 'DETAIL'], hits.map((h) => [h.resource, h.id, h.title, detailText(h.details)])),
  );
  return 0;
}

/** A hit's details in the command's words: "Active · expires 2027-02-03". */
function detailText(details: HitDetail[]): string {
  const worded = { expires: 'expires ', lastReply: 'last reply ' } as const;
  return details.map(({ kind, value }) => `${kind === 'expires' || kind === 'lastReply' ? worded[kind] : ''}${value}`).join(' · ');
}

export async function show(context: CommandContext): Promise<number> {
  const { desk, options, words } = context;
  const resource = resourceName(words[0]!, 'show');
  const id = /^\d+$/.test(words[1]!) ? Number(words[1]) : words[1]!;
  await useAccount(context);
  const record = await desk.call('data.get', { resource, id });
  if (record === null) throw new Error(`no ${resource} record with id ${words[1]} in the mirror`);
  // The id first, wherever the overlay left it (a catalogue product has a pid instead).
  const ordered = 'id' in record ? Object.assign({ id: record.id }, record) : record;
  print(options.json, record, () =>
    Object.entries(ordered)
      .map(([field, value]) => `${field}: ${value !== null && typeof value === 'object' ? JSON.stringify(value) : (value ?? '')}`)
      .join('\n'),
  );
  return 0;
}

function resourceName(word: string, command: 'export' | 'show'): ResourceName {
  if ((RESOURCE_NAMES as readonly string[]).includes(word)) return word as ResourceName;
  const hint = word === 'products' ? ' (the product catalogue is "catalogue")' : '';
  throw new UsageError(`RESOURCE must be one of ${RESOURCE_NAMES.join(', ')} (got "${word}")${hint}`, command);
}
