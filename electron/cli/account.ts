/** `npx reseller-desk account add|edit|list|use|remove`. */
import type { AccountSummary } from '../../shared/contract.js';
import { DeskError } from '../core/desk-error.js';
import { UsageError } from './args.js';
import type { CommandName } from './commands.js';
import type { CommandContext } from './context.js';
import { print, say, table } from './output.js';
import { askSecrets } from './prompt.js';

/** The command line's name for each field of an account. */
const FLAGS: Record<string, string> = {
  name: 'NAME',
  baseUrl: '--base-url',
  altBaseUrl: '--alt-base-url',
  service: '--service',
  clientId: '--client-id',
  username: '--username',
  insecureHttp: '--insecure-http',
  caFile: '--ca-file',
  proxyUser: '--proxy-user',
  proxyPassword: 'RESELLER_DESK_PROXY_PASSWORD',
  clientSecret: 'RESELLER_DESK_CLIENT_SECRET',
  password: 'RESELLER_DESK_PASSWORD',
};

export async function accountAdd({ desk, words: [name], options, secrets: given }: CommandContext): Promise<number> {
  let secrets = given;
  const missing = (['base-url', 'client-id', 'username'] as const).filter((flag) => options[flag] === undefined).map((flag) => `--${flag}`);
  if (missing.length > 0) throw new UsageError(`account add: ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} required`, 'account add');
  if ((!secrets.clientSecret || !secrets.password) && process.stdin.isTTY) {
    const [clientSecret, password] = await askSecrets(['client secret: ', 'password: ']);
    secrets = { ...secrets, clientSecret: secrets.clientSecret ?? clientSecret!, password: secrets.password ?? password! };
  }
  if (!secrets.clientSecret || !secrets.password) {
    throw new UsageError(
      'account add: type the client secret and password when asked (on a terminal), or set RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD (secrets are never taken as arguments)',
      'account add',
    );
  }
  const added = await withFlagNames('account add', () =>
    desk.callUnchecked('accounts.add', {
      name,
      baseUrl: options['base-url'],
      altBaseUrl: options['alt-base-url'] ?? '',
      service: options.service,
      clientId: options['client-id'],
      username: options.username,
      insecureHttp: options['insecure-http'] ?? false,
      caFile: options['ca-file'] ?? '',
      proxyUser: options['proxy-user'] ?? '',
      ...(secrets.proxyPassword ? { proxyPassword: secrets.proxyPassword } : {}),
      clientSecret: secrets.clientSecret,
      password: secrets.password,
    }),
  );
  say(`added account "${added.name}" (${added.baseUrl}); it is the current account; its secrets are in ${secretHome(secrets.noKeychain)}`);
  return 0;
}

export async function accountEdit({ desk, words: [name], options, secrets }: CommandContext): Promise<number> {
  const changes = {
    baseUrl: options['base-url'],
    altBaseUrl: options['alt-base-url'],
    service: options.service,
    clientId: options['client-id'],
    username: options.username,
    insecureHttp: options['insecure-http'],
    caFile: options['ca-file'],
    proxyUser: options['proxy-user'],
    proxyPassword: secrets.proxyPassword ?? undefined,
    clientSecret: secrets.clientSecret ?? undefined,
    password: secrets.password ?? undefined,
  };
  if (Object.values(changes).every((value) => value === undefined)) {
    throw new UsageError('account edit: give what changes (--base-url, --alt-base-url, --service, --client-id, --username, --insecure-http, --ca-file, --proxy-user)', 'account edit');
  }
  const edited = await withFlagNames('account edit', () => desk.callUnchecked('accounts.edit', { name, ...changes }));
  say(`account "${edited.name}" now connects to ${edited.baseUrl} (service "${edited.service}")`);
  return 0;
}

export async function accountList({ desk, options }: CommandContext): Promise<number> {
  const accounts = await desk.call('accounts.list');
  print(options.json, accounts, () =>
    accounts.length === 0
      ? 'no accounts yet: add one with `npx reseller-desk account add`, or run `npx reseller-desk sandbox`'
      : table(
          ['NAME', 'BASE URL', 'USERNAME', 'CURRENT'],
          accounts.map((a) => [a.name, a.demo ? 'the bundled demo provider' : a.baseUrl, a.username, a.current ? '*' : '']),
        ),
  );
  return 0;
}

export async function accountUse({ desk, words: [name] }: CommandContext): Promise<number> {
  await desk.callUnchecked('accounts.select', { name });
  say(`"${name}" is now the current account`);
  return 0;
}

export async function accountRemove({ desk, words: [name], options }: CommandContext): Promise<number> {
  let left: AccountSummary[];
  try {
    left = await desk.callUnchecked('accounts.remove', { name, force: options.force, keepData: options['keep-data'] });
  } catch (error) {
    if (!(error instanceof DeskError) || error.code !== 'refused') throw error;
    throw new Error(
      `${error.message.replace(/ ?send or discard them first, or remove with force\.$/, '')}\n` +
        `  send them:      npx reseller-desk sync --account "${name}"\n` +
        `  see them:       npx reseller-desk outbox --account "${name}"\n` +
        `  drop one:       npx reseller-desk outbox discard ID --account "${name}"\n` +
        '  or remove anyway, losing them: add --force',
    );
  }
  const current = left.find((a) => a.current);
  say(`removed account "${name}"${options['keep-data'] ? ' (its data is kept)' : ''}; ${current ? `the current account is now "${current.name}"` : 'no account is left'}`);
  return 0;
}

function secretHome(noKeychain: string | null): string {
  return noKeychain === null ? 'the OS keychain' : 'memory for this command only (no OS keychain here: set the two variables for each command)';
}

/** A field the engine refuses is named as the command line names it, as bad usage. */
async function withFlagNames<T>(command: CommandName, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof DeskError) || error.code !== 'invalid_input' || !error.issues) throw error;
    throw new UsageError(`${command}: ${error.issues.map((i) => `${FLAGS[i.field] ?? i.field} ${i.message}`).join('; ')}`, command);
  }
}
