/**
 * reseller-desk: the engine without a window, for scripting and for checking the engine against any provider.
 * Every command goes through the same Desk the app uses, by its procedures only. Exit status: 0 success,
 * 1 failure, 2 bad usage, 130 interrupted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { accountAdd, accountEdit, accountList, accountRemove, accountUse } from './cli/account.js';
import { readCommandLine, UsageError, type CommandLine } from './cli/args.js';
import type { CommandName } from './cli/commands.js';
import type { CommandContext, Secrets } from './cli/context.js';
import { contactsImport, contactsUpdate } from './cli/contacts.js';
import { checkDataDir } from './cli/data-dir.js';
import { CliDemoProvider } from './cli/demo.js';
import { domainsRenew, epp, whois, whoisInfo } from './cli/domains.js';
import { commandHelp, usage } from './cli/help.js';
import { outboxDiscard, outboxList, outboxMarkApplied, outboxRecover, outboxRetry, queue } from './cli/outbox.js';
import { say } from './cli/output.js';
import { retryMessage } from './cli/progress.js';
import { exportCommand, search, show, status } from './cli/records.js';
import { sandbox, sandboxOptions } from './cli/sandbox.js';
import { sync } from './cli/sync.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET } from './core/api/index.js';
import { defaultDataDir } from './core/data-dir.js';
import { Desk } from './core/desk/index.js';
import { EnvOverlayVault } from './core/vault/env-vault.js';
import { openVault } from './core/vault/index.js';

/** No try of a request starts later than this after its first: a person is waiting for each command. */
const PROVIDER_DEADLINE_MS = 60_000;

type Runner = (context: CommandContext, demo: CliDemoProvider) => Promise<number>;

const RUNNERS: Record<Exclude<CommandName, 'sandbox'>, Runner> = {
  'account add': accountAdd,
  'account edit': accountEdit,
  'account list': accountList,
  'account use': accountUse,
  'account remove': accountRemove,
  sync,
  status,
  export: exportCommand,
  search,
  show,
  outbox: outboxList,
  'outbox retry': outboxRetry,
  'outbox discard': outboxDiscard,
  'outbox mark-applied': outboxMarkApplied,
  'outbox recover': outboxRecover,
  queue,
  'contacts import': contactsImport,
  'contacts update': contactsUpdate,
  'domains renew': domainsRenew,
  whois,
  'whois-info': whoisInfo,
  epp,
};

export async function main(argv: string[]): Promise<number> {
  let line: CommandLine;
  try {
    line = readCommandLine(argv);
  } catch (error) {
    return usageError(error as UsageError);
  }
  if (line.kind === 'version') {
    process.stdout.write(`reseller-desk ${version()}\n`);
    return 0;
  }
  if (line.kind === 'help') {
    (line.bad ? process.stderr : process.stdout).write(line.command === null ? usage(defaultDataDir()) : commandHelp(line.command));
    return line.bad ? 2 : 0;
  }

  const { command, spec, words, options } = line;
  const dataDir = line.dataDir ?? defaultDataDir();
  let desk: Desk | null = null;
  try {
    checkDataDir(dataDir, line.dataDir !== undefined);
    const demo = new CliDemoProvider(
      command === 'sandbox' ? { kind: 'serve', ...sandboxOptions(options) } : spec.provider ? { kind: 'talk' } : { kind: 'read-only' },
    );
    const secrets = await openSecrets();
    if (spec.provider && secrets.noKeychain !== null && secrets.clientSecret && secrets.password) {
      say('note: no OS keychain here; the secrets in RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD are used for this command only');
    }
    desk = await Desk.open({
      dataDir,
      vault: secrets.vault,
      background: false,
      startDemoProvider: demo.start,
      retry: { deadlineMs: PROVIDER_DEADLINE_MS },
      log: (line) => say(`reseller-desk: ${line}`),
      ...syncDeadline(options.deadline),
    });
    // The sync says them on its progress line.
    if (spec.provider && command !== 'sync') desk.on('provider.retry', (r) => say(retryMessage(r)));
    const context: CommandContext = { desk, spec, words, options, secrets, dataDirOption: line.dataDir };
    return command === 'sandbox' ? await sandbox(context, demo) : await RUNNERS[command](context, demo);
  } catch (error) {
    if (error instanceof UsageError) return usageError(error);
    say(`reseller-desk: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await desk?.close();
  }
}

/** --deadline MINUTES as Desk's option (none: the settings' own). */
function syncDeadline(minutes: string | undefined): { syncDeadlineMs?: number } {
  if (minutes === undefined) return {};
  const n = Number(minutes);
  if (!(Number.isFinite(n) && n > 0)) throw new UsageError(`--deadline must be a number of minutes above 0 (got "${minutes}")`, 'sync');
  return { syncDeadlineMs: Math.round(n * 60_000) };
}

async function openSecrets(): Promise<Secrets & { vault: EnvOverlayVault }> {
  const clientSecret = process.env.RESELLER_DESK_CLIENT_SECRET || null;
  const password = process.env.RESELLER_DESK_PASSWORD || null;
  const vault = new EnvOverlayVault(await openVault(), {
    [CLIENT_SECRET_SECRET]: clientSecret ?? undefined,
    [PASSWORD_SECRET]: password ?? undefined,
  });
  const noKeychain = vault.available ? null : (vault.reason ?? 'unknown reason').replace(/^no OS keychain: /, '');
  return { vault, clientSecret, password, noKeychain };
}

function usageError(error: UsageError): number {
  const help = error.command ? `npx reseller-desk help ${error.command}` : 'npx reseller-desk --help';
  say(`reseller-desk: ${error.message}\nRun ${help} for usage.`);
  return 2;
}

/** The project's package.json: the nearest one above this module (electron/ from source, out/node/ bundled). */
function version(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
