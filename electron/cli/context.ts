/** What every command runs with, and the account it works on. */
import { signsInOverPlainHttp } from '../../shared/accounts.js';
import type { AccountSummary } from '../../shared/contract.js';
import type { Desk } from '../core/desk/index.js';
import type { OptionValues } from './args.js';
import type { CommandSpec } from './commands.js';
import { say } from './output.js';

export interface Secrets {
  /** From RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD; empty counts as unset. */
  clientSecret: string | null;
  password: string | null;
  /** From RESELLER_DESK_PROXY_PASSWORD: the password of the account's proxy sign-in (--proxy-user). */
  proxyPassword: string | null;
  /** Why there is no OS keychain; null when there is one. */
  noKeychain: string | null;
}

export interface CommandContext {
  desk: Desk;
  spec: CommandSpec;
  words: string[];
  options: OptionValues;
  secrets: Secrets;
  /** --data-dir as given (undefined: the default), for hints that must work as typed. */
  dataDirOption: string | undefined;
}

/**
 * Opens the account the command works on: --account NAME for this command only, else the current one. A
 * command that talks to the provider without a keychain needs the secrets in the environment.
 */
export async function useAccount({ desk, options, spec, secrets }: CommandContext): Promise<AccountSummary> {
  const accounts = await desk.call('accounts.list');
  if (accounts.length === 0) throw new Error('No account yet: add one with `npx reseller-desk account add`, or run `npx reseller-desk sandbox`.');
  const account = options.account
    ? await desk.call('accounts.select', { name: options.account, remember: false })
    : accounts.find((a) => a.current) ?? (await desk.call('accounts.select', { name: accounts[0]!.name }));
  if (spec.provider && secrets.noKeychain !== null && !account.demo && (!secrets.clientSecret || !secrets.password)) {
    throw new Error(
      `no OS keychain here (${secrets.noKeychain}): set RESELLER_DESK_CLIENT_SECRET and RESELLER_DESK_PASSWORD for each command that talks to the provider`,
    );
  }
  if (spec.provider && signsInOverPlainHttp(account)) {
    say(`warning: "${account.name}" signs in over plain HTTP: its client secret and password cross the network unencrypted (allowed with --insecure-http)`);
  }
  return account;
}
