/**
 * One command run against the Desk: the engine opened on the data folder, the command's runner, the Desk closed.
 * electron/cli.ts loads this module only once the command line is read, so that help, the version and bad
 * usage answer without loading the engine (most of a command's start-up time).
 */
import { accountAdd, accountEdit, accountList, accountRemove, accountUse } from './account.js';
import { UsageError, type CommandLine } from './args.js';
import type { CommandName } from './commands.js';
import type { CommandContext, Secrets } from './context.js';
import { contactsImport, contactsUpdate } from './contacts.js';
import { checkDataDir } from './data-dir.js';
import { CliDemoProvider } from './demo.js';
import { diagnostics } from './diagnostics.js';
import { domainsRenew, epp, whois, whoisInfo } from './domains.js';
import { outboxDiscard, outboxKeepMine, outboxList, outboxMarkApplied, outboxRecover, outboxRetry, outboxTakeTheirs, queue } from './outbox.js';
import { say } from './output.js';
import { retryMessage } from './progress.js';
import { exportCommand, search, show, status } from './records.js';
import { sandbox, sandboxOptions } from './sandbox.js';
import { sync } from './sync.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, PROXY_PASSWORD_SECRET } from '../core/api/index.js';
import { defaultDataDir } from '../core/data-dir.js';
import { Desk } from '../core/desk/index.js';
import { EnvOverlayVault } from '../core/vault/env-vault.js';
import { openVault } from '../core/vault/index.js';
import { diskFullMessage, isDiskFull } from '../core/storage/storage-words.js';

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
  'outbox keep-mine': outboxKeepMine,
  'outbox take-theirs': outboxTakeTheirs,
  'outbox mark-applied': outboxMarkApplied,
  'outbox recover': outboxRecover,
  queue,
  'contacts import': contactsImport,
  'contacts update': contactsUpdate,
  'domains renew': domainsRenew,
  whois,
  'whois-info': whoisInfo,
  epp,
  diagnostics,
};

/** Runs a command the line names (neither help nor the version); a UsageError is thrown for the caller to say. */
export async function runCommand(line: Extract<CommandLine, { kind: 'run' }>): Promise<number> {
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
    if (error instanceof UsageError) throw error;
    // A write the engine's calls did not word (opening the data folder on a full disk) is said as theirs are.
    say(`reseller-desk: ${isDiskFull(error) ? diskFullMessage(dataDir) : error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await desk?.dispose();
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
  const proxyPassword = process.env.RESELLER_DESK_PROXY_PASSWORD || null;
  const vault = new EnvOverlayVault(await openVault(), {
    [CLIENT_SECRET_SECRET]: clientSecret ?? undefined,
    [PASSWORD_SECRET]: password ?? undefined,
    // The account's proxy sign-in's password, for an account that has one (without a keychain).
    [PROXY_PASSWORD_SECRET]: proxyPassword ?? undefined,
  });
  const noKeychain = vault.available ? null : (vault.reason ?? 'unknown reason').replace(/^no OS keychain: /, '');
  return { vault, clientSecret, password, proxyPassword, noKeychain };
}
