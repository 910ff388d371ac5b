/**
 * The accounts the user has connected: their non-secret configuration in `accounts.json` of the data folder
 * (through conf, which writes atomically). Secrets live in the vault, keyed by account name.
 */
import Conf from 'conf';
import { AccountConfigSchema, describeIssues, type AccountConfig } from '../../../shared/accounts.js';
import type { OutboxLedger, OutboxRecord } from '../storage/outbox-file.js';
import { PRIVATE_FILE_MODE } from '../storage/private-files.js';

interface AccountsFile {
  accounts: AccountConfig[];
  /** The account the app opens with. */
  current: string | null;
  /** What each account's outbox last held, by account name (storage/outbox-file.ts). */
  outboxes?: Record<string, OutboxRecord>;
}

export class AccountError extends Error {
  override readonly name = 'AccountError';
}

export class AccountStore implements OutboxLedger {
  private readonly conf: Conf<AccountsFile>;

  constructor(dataDir: string) {
    this.conf = new Conf<AccountsFile>({
      cwd: dataDir,
      configName: 'accounts',
      projectName: 'reseller-desk',
      defaults: { accounts: [], current: null },
      configFileMode: PRIVATE_FILE_MODE,
    });
  }

  list(): AccountConfig[] {
    return this.conf.get('accounts');
  }

  get(name: string): AccountConfig {
    const found = this.list().find((a) => a.name === name);
    if (!found) throw new AccountError(`No account named "${name}". Known: ${this.names() || 'none'}.`);
    return found;
  }

  has(name: string): boolean {
    return this.list().some((a) => a.name === name);
  }

  add(input: unknown): AccountConfig {
    const parsed = AccountConfigSchema.safeParse(input);
    if (!parsed.success) throw new AccountError(`Invalid account: ${describeIssues(parsed.error)}`);
    if (this.has(parsed.data.name)) throw new AccountError(`An account named "${parsed.data.name}" already exists.`);
    this.conf.set('accounts', [...this.list(), parsed.data]);
    if (this.conf.get('current') === null) this.conf.set('current', parsed.data.name);
    return parsed.data;
  }

  /** Replaces a stored account's configuration (e.g. the demo sandbox's ports change on every start). */
  update(config: AccountConfig): void {
    this.get(config.name);
    this.conf.set('accounts', this.list().map((a) => (a.name === config.name ? AccountConfigSchema.parse(config) : a)));
  }

  remove(name: string): void {
    this.get(name);
    this.conf.set('accounts', this.list().filter((a) => a.name !== name));
    if (this.conf.get('current') === name) this.conf.set('current', this.list()[0]?.name ?? null);
    const { [name]: _gone, ...outboxes } = this.conf.get('outboxes') ?? {};
    this.conf.set('outboxes', outboxes);
  }

  outboxRecord(account: string): OutboxRecord | null {
    const record = this.conf.get('outboxes')?.[account];
    return record && Number.isInteger(record.lastEntryId) && Number.isInteger(record.pending) ? record : null;
  }

  setOutboxRecord(account: string, record: OutboxRecord): void {
    this.conf.set('outboxes', { ...this.conf.get('outboxes'), [account]: record });
  }

  get current(): string | null {
    return this.conf.get('current');
  }

  set current(name: string | null) {
    if (name !== null) this.get(name);
    this.conf.set('current', name);
  }

  /** The account to use when none is named: the only one, or the current one. */
  resolve(name?: string): AccountConfig {
    if (name) return this.get(name);
    const accounts = this.list();
    if (accounts.length === 0) throw new AccountError('No account yet: add one with `reseller-desk account add` or run `reseller-desk sandbox`.');
    return this.get(this.current ?? accounts[0]!.name);
  }

  private names(): string {
    return this.list().map((a) => a.name).join(', ');
  }
}
