/**
 * reseller-desk: the engine without a window, for scripting and for checking the engine against any provider.
 * Every command goes through the same Desk the app uses. Exit status: 0 success, 1 failure, 2 bad usage.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { exportRecords, EXPORTABLE, isExportName } from './cli/export.js';
import { toCsv } from './core/export/csv.js';
import { table } from './cli/table.js';
import { defaultDataDir } from './core/data-dir.js';
import { Desk } from './core/desk.js';
import { DeskError } from './core/desk-error.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET } from './core/api/index.js';
import { EnvOverlayVault } from './core/vault/env-vault.js';
import { openVault } from './core/vault/index.js';
import { startDemoProvider } from './demo-provider.js';

const USAGE = `Usage: reseller-desk <command> [options]

Commands:
  account add NAME --base-url URL [--alt-base-url URL] [--service SEGMENT] --client-id ID --username EMAIL
                      check the credentials with the provider and store the account
                      (secrets: RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD)
  account list        the stored accounts
  account remove NAME [--force] [--keep-data]
  sync                send queued edits, then pull the whole account into the local mirror
  status              per resource: rows and last synced; outbox counts
  export RESOURCE [--format json|csv]
                      every record of RESOURCE, normalized, on stdout; RESOURCE is one of
                      ${Object.keys(EXPORTABLE).join(', ')}
  outbox              the queued edits and their states
  sandbox             start the bundled demo provider and add its account ("Demo"); runs until Ctrl-C

Options for every command:
  --account NAME      the account to use (default: the current one)
  --data-dir DIR      where accounts, mirrors and outboxes live (default: ${defaultDataDir()})
  --json              machine-readable output (status, outbox, sync, account list)
  -h, --help          this text

Secrets come from the OS keychain, or from RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD, which are used
for this run only and never written anywhere (where no keychain is reachable, secrets are kept for the run only).
`;

const OPTIONS = {
  account: { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  'base-url': { type: 'string' },
  'alt-base-url': { type: 'string' },
  service: { type: 'string' },
  'client-id': { type: 'string' },
  username: { type: 'string' },
  format: { type: 'string' },
  force: { type: 'boolean' },
  'keep-data': { type: 'boolean' },
} satisfies ParseArgsConfig['options'];

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

class UsageError extends Error {}

export async function main(argv: string[]): Promise<number> {
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  const [command, ...rest] = positionals;
  if (values.help || command === undefined || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }

  const vault = new EnvOverlayVault(await openVault(), {
    [CLIENT_SECRET_SECRET]: process.env.RESELLER_DESK_CLIENT_SECRET,
    [PASSWORD_SECRET]: process.env.RESELLER_DESK_PASSWORD,
  });
  if (!vault.available) process.stderr.write(`note: ${vault.reason}; secrets are kept for this run only\n`);
  let desk: Desk | null = null;
  try {
    desk = await Desk.open({ dataDir: values['data-dir'] ?? defaultDataDir(), vault, background: false, startDemoProvider });
    return await run(desk, command, rest, values);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error.message);
    const message = error instanceof DeskError || error instanceof Error ? error.message : String(error);
    process.stderr.write(`reseller-desk: ${message}\n`);
    return 1;
  } finally {
    if (command !== 'sandbox') await desk?.close();
  }
}

async function run(desk: Desk, command: string, args: string[], values: Values): Promise<number> {
  switch (command) {
    case 'account':
      return account(desk, args, values);
    case 'sync':
      return sync(desk, values);
    case 'status':
      return status(desk, values);
    case 'export':
      return exportCommand(desk, args, values);
    case 'outbox':
      return outbox(desk, values);
    case 'sandbox':
      return sandbox(desk);
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

async function account(desk: Desk, [sub, name, ...extra]: string[], values: Values): Promise<number> {
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  if (sub === 'list') {
    const accounts = await desk.call('accounts.list');
    print(values, accounts, () =>
      table(['NAME', 'BASE URL', 'USERNAME', 'CURRENT'], accounts.map((a) => [a.name, a.baseUrl, a.username, a.current ? '*' : ''])),
    );
    return 0;
  }
  if (!name) throw new UsageError(`account ${sub ?? ''}: NAME is required`);
  if (sub === 'remove') {
    await desk.call('accounts.remove', { name, force: values.force, keepData: values['keep-data'] });
    process.stderr.write(`removed account "${name}"\n`);
    return 0;
  }
  if (sub !== 'add') throw new UsageError('account: use add, list or remove');
  const clientSecret = process.env.RESELLER_DESK_CLIENT_SECRET;
  const password = process.env.RESELLER_DESK_PASSWORD;
  if (!clientSecret || !password) {
    throw new UsageError('account add: set RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD (secrets are never taken as arguments)');
  }
  const added = await desk.call('accounts.add', {
    name,
    baseUrl: values['base-url'],
    altBaseUrl: values['alt-base-url'] ?? '',
    service: values.service,
    clientId: values['client-id'],
    username: values.username,
    clientSecret,
    password,
  });
  const { vault } = await desk.call('session.info');
  const kept = vault.kind === 'keychain' ? 'the OS keychain' : 'memory for this run only';
  process.stderr.write(`added account "${added.name}" (${added.baseUrl}); its secrets are in ${kept}\n`);
  return 0;
}

async function select(desk: Desk, values: Values): Promise<void> {
  const name = values.account ?? desk.accounts.resolve().name;
  await desk.call('accounts.select', { name });
}

async function sync(desk: Desk, values: Values): Promise<number> {
  await select(desk, values);
  desk.on('sync.progress', ({ resource, done, total }) => {
    if (!values.json && process.stderr.isTTY) process.stderr.write(`\r${resource}: ${done}${total === null ? '' : `/${total}`}   `);
  });
  const summary = await desk.call('sync.run');
  if (!values.json && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const queued = await desk.call('outbox.counts');
  print(values, summary, () =>
    [
      table(
        ['RESOURCE', 'OUTCOME', 'NEW', 'CHANGED', 'REMOVED', 'ERROR'],
        summary.resources.map((r) => [r.resource, r.outcome, r.added, r.changed, r.removed, r.error ?? '']),
      ),
      ...summary.notable.map((n) => `• ${n}`),
      `sync ${summary.outcome}; outbox: ${queued.queued} queued, ${queued.failed} failed, ${queued.needs_review} to review`,
    ].join('\n'),
  );
  return summary.outcome === 'ok' ? 0 : 1;
}

async function status(desk: Desk, values: Values): Promise<number> {
  await select(desk, values);
  const sync = await desk.call('sync.status');
  const counts = await desk.call('data.counts');
  const outboxCounts = await desk.call('outbox.counts');
  const session = await desk.call('session.info');
  print(values, { account: session.account, resources: sync.resources, counts, outbox: outboxCounts, lastRun: sync.lastRun }, () =>
    [
      `account: ${session.account}`,
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

async function exportCommand(desk: Desk, [resource, ...extra]: string[], values: Values): Promise<number> {
  if (!resource || !isExportName(resource)) {
    throw new UsageError(`export: RESOURCE must be one of ${Object.keys(EXPORTABLE).join(', ')}${resource ? ` (got "${resource}")` : ''}`);
  }
  if (extra.length > 0) throw new UsageError(`unexpected arguments: ${extra.join(' ')}`);
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be json or csv (got "${format}")`);
  await select(desk, values);
  const records = exportRecords(desk.current.mirror, resource);
  process.stdout.write(format === 'csv' ? `${toCsv(records)}\n` : `${JSON.stringify(records)}\n`);
  return 0;
}

async function outbox(desk: Desk, values: Values): Promise<number> {
  await select(desk, values);
  const entries = await desk.call('outbox.list');
  print(values, entries, () =>
    entries.length === 0
      ? 'the outbox is empty'
      : table(
          ['ID', 'KIND', 'STATE', 'RECORD', 'TRIES', 'NOTE'],
          entries.map((e) => [e.id, e.kind, e.state, e.recordKey, e.attempts, e.lastError?.message ?? e.waitingFor ?? '']),
        ),
  );
  return 0;
}

async function sandbox(desk: Desk): Promise<number> {
  const demo = await desk.call('accounts.demo');
  process.stderr.write(
    `demo provider: ${demo.baseUrl} (alt ${demo.altBaseUrl || demo.baseUrl})\n` +
      `account "${demo.name}" added; in another terminal: reseller-desk sync --account ${demo.name}\n` +
      'press Ctrl-C to stop\n',
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await desk.close();
  return 0;
}

function print(values: Values, data: unknown, text: () => string): void {
  process.stdout.write(`${values.json ? JSON.stringify(data) : text()}\n`);
}

function usageError(message: string): number {
  process.stderr.write(`reseller-desk: ${message}\nRun reseller-desk --help for usage.\n`);
  return 2;
}
