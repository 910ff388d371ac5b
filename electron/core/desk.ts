/**
 * Desk: the engine's single face. One method, `call(name, input)`, for every procedure of shared/contract.ts
 * (input parsed with the contract's schema, errors turned into CallErrors), and the contract's events.
 * The Electron shell, the web host and the CLI all drive the engine through it.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { z } from 'zod';
import { AccountConfigSchema, type AccountConfig, type AccountEdit } from '../../shared/accounts.js';
import {
  PROCEDURES,
  type AccountSummary,
  type Cached,
  type EventName,
  type EventPayloads,
  type ListInput,
  type ProcedureName,
  type ProcedureOutput,
  type SessionInfo,
} from '../../shared/contract.js';
import type { MutationKind } from '../../shared/outbox/kinds.js';
import { isLocalId } from '../../shared/outbox/local-ids.js';
import { PENDING_STATES } from '../../shared/outbox/states.js';
import type { AnyMutationInput, Mutation } from '../../shared/outbox/schemas.js';
import type { ExportFile, ListPage, OverlaidRecord } from '../../shared/queries.js';
import { RESOURCE_NAMES, type ResourceName } from '../../shared/records.js';
import { AccountSession } from './account-session.js';
import { AccountStore } from './accounts/account-store.js';
import { checkConnection } from './accounts/connection-check.js';
import { ApiError, CLIENT_SECRET_SECRET, PASSWORD_SECRET, REFRESH_TOKEN_SECRET, type ClientOptions, type RetryPolicy } from './api/index.js';
import { accountPaths } from './data-dir.js';
import { DeskError, toDeskError } from './desk-error.js';
import { collectPages, resourceFields, toCsv } from './export/csv.js';
import { openOutbox, overlay, type OverlayResource } from './outbox/index.js';
import { fileSettingsStore, type SettingsStore } from './settings-store.js';
import { AT_REST_KEY_SECRET, AtRestCipher, type SecretVault } from './vault/index.js';

/** The bundled sandbox provider, started for the demo account. */
export interface DemoProvider {
  baseUrl: string;
  altBaseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  stop(): Promise<void>;
}

export interface DeskOptions {
  dataDir: string;
  vault: SecretVault;
  settings?: SettingsStore;
  /** Sync and replay in the background (the app); off for one-shot commands (the CLI). Default true. */
  background?: boolean;
  /**
   * Starts the demo provider (the hosts pass the bundled sandbox, its state kept in the data folder; the engine
   * does not import it). Without one, accounts.demo is refused.
   */
  startDemoProvider?: (dataDir: string) => Promise<DemoProvider>;
  /** Overrides of the API client's retry policy, e.g. a deadline where a person waits for each command (the CLI). */
  retry?: Partial<RetryPolicy>;
}

export const DEMO_ACCOUNT = 'Demo';

const OVERLAID: ReadonlySet<ResourceName> = new Set<OverlayResource>(['contacts', 'tickets', 'orders', 'invoices', 'domains']);

type Handlers = {
  [N in ProcedureName]: (input: ParsedInput<N>) => Promise<ProcedureOutput<N>> | ProcedureOutput<N>;
};
type ParsedInput<N extends ProcedureName> = z.output<(typeof PROCEDURES)[N]['input']>;
type DeskEvents = { [E in EventName]: [EventPayloads[E]] };

export class Desk extends EventEmitter<DeskEvents> {
  readonly accounts: AccountStore;
  readonly settings: SettingsStore;
  private session: AccountSession | null = null;
  private demo: DemoProvider | null = null;
  private readonly background: boolean;
  private readonly handlers: Handlers;

  private constructor(private readonly options: DeskOptions) {
    super();
    this.accounts = new AccountStore(options.dataDir);
    this.settings = options.settings ?? fileSettingsStore(options.dataDir);
    this.background = options.background ?? true;
    this.handlers = this.createHandlers();
  }

  /** Opens the engine on a data folder and, when there is one, the current account. */
  static async open(options: DeskOptions): Promise<Desk> {
    const desk = new Desk(options);
    const current = desk.accounts.current;
    if (current !== null && desk.accounts.has(current)) await desk.openAccount(desk.accounts.get(current));
    return desk;
  }

  /** Runs one procedure of the contract. Rejects with a DeskError (a CallError) on any failure. */
  async call<N extends ProcedureName>(name: N, input?: unknown): Promise<ProcedureOutput<N>> {
    try {
      if (!Object.hasOwn(PROCEDURES, name)) throw new DeskError('not_found', `No procedure named "${String(name)}".`);
      const parsed = PROCEDURES[name].input.parse(input) as ParsedInput<N>;
      return await this.handlers[name](parsed);
    } catch (error) {
      throw toDeskError(error, name);
    }
  }

  /** The open account's engine parts; throws when no account is open. */
  private get current(): AccountSession {
    if (!this.session) throw new DeskError('refused', 'No account is open: add one, or start the demo account.');
    return this.session;
  }

  async close(): Promise<void> {
    await this.session?.close();
    this.session = null;
    await this.demo?.stop();
    this.demo = null;
  }

  private createHandlers(): Handlers {
    return {
      'session.info': () => this.sessionInfo(),

      'accounts.list': () => this.accountSummaries(),
      'accounts.add': async (input) => {
        const { clientSecret, password, ...config } = input;
        this.refuseTakenName(config.name);
        await this.storeCheckedCredentials(config, clientSecret, password);
        this.accounts.add(config);
        await this.openAccount(this.accounts.get(config.name));
        return this.summary(config.name);
      },
      'accounts.test': async (input) => {
        const { clientSecret, password, ...config } = input;
        this.refuseTakenName(config.name);
        const { clientName, email } = await checkConnection(config, clientSecret, password, this.clientOptions());
        return { clientName, email };
      },
      'accounts.select': async ({ name, remember }) => {
        await this.openAccount(this.accounts.get(name), remember ?? true);
        return this.summary(name);
      },
      'accounts.edit': (input) => this.editAccount(input),
      'accounts.signIn': async ({ name, password }) => {
        const session = await this.openAccount(this.accounts.get(name));
        await session.client.signIn(password);
        session.resumeReplay();
        return this.sessionInfo();
      },
      'accounts.signOut': async ({ name }) => {
        this.accounts.get(name);
        if (this.session?.config.name === name) await this.session.client.session.signOut('signed out by the user');
        else await this.options.vault.delete(name, REFRESH_TOKEN_SECRET);
        return this.sessionInfo();
      },
      'accounts.remove': async ({ name, keepData, force }) => {
        const config = this.accounts.get(name);
        await this.removeAccount(config, { keepData: keepData ?? false, force: force ?? false });
        return this.accountSummaries();
      },
      'accounts.demo': async () => {
        await this.openDemo();
        return this.summary(DEMO_ACCOUNT);
      },

      'sync.run': (input) => this.current.replayThenSync(input?.only),
      'sync.cancel': () => this.current.syncer.cancel(),
      'sync.status': () => ({
        running: this.current.syncer.running,
        resources: this.current.mirror.syncStates(),
        lastRun: this.current.mirror.syncRuns(1)[0] ?? null,
      }),
      'sync.history': (input) => this.current.mirror.syncRuns(input?.limit ?? 20),

      'data.list': (input) => this.list(input),
      'data.get': ({ resource, id }) => this.getRecord(resource, id),
      'data.search': ({ text, limit }) => this.current.mirror.search(text, limit ?? 20),
      'data.counts': () => this.current.mirror.counts(),
      'data.client': () => this.current.mirror.list('client', { limit: 1 }).rows[0] ?? null,
      'data.facets': ({ resource, filter }) => this.current.mirror.facets(resource, filter),
      'data.export': (input) => this.exportView(input),
      'data.dashboard': () => this.current.mirror.dashboard(),

      'outbox.enqueue': ({ kind, params }) => this.enqueue(kind, params as AnyMutationInput),
      'contacts.bulkUpdate': async ({ contactIds, changes }) => {
        const entries = [];
        for (const contactid of contactIds) entries.push(await this.enqueue('update-contact', { ...changes, contactid } as AnyMutationInput));
        return entries;
      },
      'outbox.list': (input) => this.current.outbox.list(input ?? {}).reverse(),
      'outbox.counts': () => this.current.outbox.counts(),
      'outbox.retry': ({ id }) => {
        const entry = this.current.outbox.retry(id);
        void this.current.replay();
        return entry;
      },
      'outbox.edit': ({ id, params }) => this.current.outbox.edit(id, params as AnyMutationInput),
      'outbox.discard': ({ id }) => this.current.outbox.discard(id),
      'outbox.markApplied': ({ id, serverId }) => {
        const entry = this.current.outbox.markApplied(id, serverId ?? null);
        // Edits that waited on it may go now.
        void this.current.replay();
        return entry;
      },

      'domains.whois': ({ domain, refresh }) =>
        this.cachedAnswer(this.current.mirror.whoisCache, domain, refresh ?? false, () => this.current.client.whois({ domain })),
      'domains.whoisInfo': ({ domain, refresh }) =>
        this.cachedAnswer(this.current.mirror.whoisInfoCache, domain, refresh ?? false, () => this.current.client.whoisInfo({ domain })),
      'domains.recent': (input) =>
        this.current.mirror.whoisCache
          .recent(input?.limit ?? 10)
          .map(({ domain, value, fetchedAt }) => ({ domain, available: value.available, premium: value.premium, fetchedAt })),
      'domains.epp': ({ domain }) => {
        const cached = this.current.mirror.eppCache.get(domain);
        return cached ? { ...cached, stale: false } : null;
      },

      'settings.get': () => this.settings.get(),
      'settings.set': (patch) => {
        const next = this.settings.set(patch);
        this.session?.setSyncInterval(next.syncIntervalMinutes);
        return next;
      },
    };
  }

  // ---- accounts ----

  private refuseTakenName(name: string): void {
    if (!this.accounts.has(name)) return;
    const message = `An account named "${name}" already exists.`;
    throw new DeskError('refused', message, [{ field: 'name', message: 'is already the name of another account' }]);
  }

  /** The connection check with the given secrets; they reach the vault only when the provider accepted them. */
  private async storeCheckedCredentials(config: AccountConfig, clientSecret: string, password: string): Promise<void> {
    const { refreshToken } = await checkConnection(config, clientSecret, password, this.clientOptions());
    await this.options.vault.set(config.name, CLIENT_SECRET_SECRET, clientSecret);
    await this.options.vault.set(config.name, PASSWORD_SECRET, password);
    // The refresh token the check earned: opening the account then needs no second password grant.
    if (refreshToken) await this.options.vault.set(config.name, REFRESH_TOKEN_SECRET, refreshToken);
  }

  private clientOptions(): Pick<ClientOptions, 'retry' | 'onRetry'> {
    return { retry: this.options.retry, onRetry: (notice) => this.emit('provider.retry', notice) };
  }

  /** Checks the changed connection as accounts.add does (with the stored secrets where none are given), then keeps it. */
  private async editAccount({ name, clientSecret, password, ...changes }: AccountEdit): Promise<AccountSummary> {
    const stored = this.accounts.get(name);
    if (stored.demo) throw new DeskError('refused', 'The demo account\'s connection is the bundled sandbox\'s; it cannot be edited.');
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const config = AccountConfigSchema.parse({ ...stored, ...defined });
    const secret = clientSecret ?? (await this.options.vault.get(name, CLIENT_SECRET_SECRET));
    const pass = password ?? (await this.options.vault.get(name, PASSWORD_SECRET));
    if (secret === null || pass === null) {
      const missing = secret === null ? 'clientSecret' : 'password';
      throw new DeskError('refused', `No ${missing === 'clientSecret' ? 'client secret' : 'password'} is stored for "${name}": give it to check the connection.`, [
        { field: missing, message: 'is required: none is stored' },
      ]);
    }
    const reopen = this.session?.config.name === name;
    await this.storeCheckedCredentials(config, secret, pass);
    if (reopen) {
      await this.session!.close();
      this.session = null;
    }
    this.accounts.update(config);
    if (reopen) await this.openAccount(config, false);
    return this.summary(name);
  }

  private async openAccount(config: AccountConfig, remember = true): Promise<AccountSession> {
    if (this.session?.config.name === config.name) return this.session;
    if (config.demo && !this.demo) return this.openDemo(remember);
    await this.session?.close();
    const session = new AccountSession(config, {
      dataDir: this.options.dataDir,
      vault: this.options.vault,
      cipher: await AtRestCipher.forAccount(this.options.vault, config.name),
      syncIntervalMinutes: this.settings.get().syncIntervalMinutes,
      background: this.background,
      client: this.clientOptions(),
    });
    this.session = session;
    if (remember) this.accounts.current = config.name;
    session.on('sync-progress', (p) => this.emit('sync.progress', p));
    session.on('sync-summary', (s) => {
      this.emit('sync.summary', s);
      const changed = s.resources.filter((r) => r.added + r.changed + r.removed > 0).map((r) => r.resource);
      if (changed.length > 0) this.emit('data.changed', { resources: changed });
    });
    session.on('connectivity', ({ state }) => this.emit('connectivity', { state, reason: this.signedOutReason() }));
    session.on('outbox-changed', (entry) => {
      this.emit('outbox.changed', { entry, counts: session.outbox.counts() });
      this.emit('data.changed', { resources: resourcesOf(entry.kind) });
    });
    this.emitAccounts();
    // Another account's mirror: to every open view, all of its rows changed.
    this.emit('data.changed', { resources: [...RESOURCE_NAMES] });
    session.start();
    return session;
  }

  /** Starts the bundled sandbox provider (its state kept in the data folder) and opens its demo account. */
  private async openDemo(remember = true): Promise<AccountSession> {
    const { startDemoProvider } = this.options;
    if (!startDemoProvider) throw new DeskError('refused', 'This app was started without the demo provider.');
    this.demo ??= await startDemoProvider(this.options.dataDir);
    const config: AccountConfig = {
      name: DEMO_ACCOUNT,
      baseUrl: this.demo.baseUrl,
      altBaseUrl: this.demo.altBaseUrl,
      service: 'svc',
      clientId: this.demo.clientId,
      username: this.demo.username,
      demo: true,
    };
    await this.options.vault.set(DEMO_ACCOUNT, CLIENT_SECRET_SECRET, this.demo.clientSecret);
    await this.options.vault.set(DEMO_ACCOUNT, PASSWORD_SECRET, this.demo.password);
    // The sandbox listens on new ports each start.
    if (this.accounts.has(DEMO_ACCOUNT)) this.accounts.update(config);
    else this.accounts.add(config);
    if (this.session?.config.name === DEMO_ACCOUNT) await this.session.close();
    this.session = null;
    return this.openAccount(config, remember);
  }

  private async removeAccount(config: AccountConfig, { keepData, force }: { keepData: boolean; force: boolean }): Promise<void> {
    const isOpen = this.session?.config.name === config.name;
    const pending = isOpen ? this.current.outbox.pending().length : this.pendingOf(config.name);
    if (pending > 0 && !force) {
      throw new DeskError('refused', `"${config.name}" has ${pending} queued edit(s) not yet sent; send or discard them first, or remove with force.`);
    }
    if (isOpen) {
      await this.session!.close();
      this.session = null;
    }
    for (const secret of [CLIENT_SECRET_SECRET, PASSWORD_SECRET, REFRESH_TOKEN_SECRET]) await this.options.vault.delete(config.name, secret);
    // Kept data keeps the key that opens its sealed EPP codes.
    if (!keepData) await this.options.vault.delete(config.name, AT_REST_KEY_SECRET);
    this.accounts.remove(config.name);
    if (!keepData) await rm(accountPaths(this.options.dataDir, config.name).dir, { recursive: true, force: true });
    // The open account went: the one that is current now opens in its place.
    const next = this.accounts.current;
    if (isOpen && next !== null) await this.openAccount(this.accounts.get(next));
    else this.emitAccounts();
  }

  /** Edits not yet confirmed in the outbox of an account that is not open (counted without unsealing anything). */
  private pendingOf(name: string): number {
    const file = accountPaths(this.options.dataDir, name).outbox;
    if (!existsSync(file)) return 0;
    const outbox = openOutbox(file);
    try {
      const counts = outbox.counts();
      return PENDING_STATES.reduce((sum, state) => sum + counts[state], 0);
    } finally {
      outbox.close();
    }
  }

  private summary(name: string): AccountSummary {
    const summary = this.accountSummaries().find((a) => a.name === name);
    if (!summary) throw new DeskError('not_found', `No account named "${name}".`);
    return summary;
  }

  private accountSummaries(): AccountSummary[] {
    const current = this.session?.config.name ?? null;
    return this.accounts.list().map((a) => ({ ...a, current: a.name === current }));
  }

  private emitAccounts(): void {
    this.emit('accounts.changed', { accounts: this.accountSummaries(), current: this.session?.config.name ?? null });
  }

  private sessionInfo(): SessionInfo {
    const { vault } = this.options;
    return {
      account: this.session?.config.name ?? null,
      vault: { kind: vault.kind, reason: vault.reason },
      connectivity: this.session?.connectivity.state ?? 'offline',
      signedOutReason: this.signedOutReason(),
    };
  }

  private signedOutReason(): string | null {
    const status = this.session?.client.session.status;
    return status?.state === 'signed_out' ? status.reason : null;
  }

  // ---- data ----

  private list(input: ListInput): ListPage<OverlaidRecord> {
    const { mirror, outbox } = this.current;
    const page = mirror.list(input.resource, input as Parameters<typeof mirror.list>[1]);
    if (!OVERLAID.has(input.resource)) return { ...page, rows: page.rows.map(unmarked) };
    const rows = overlay(input.resource as OverlayResource, page.rows as never[], outbox.pending()) as OverlaidRecord[];
    const mirrorRows = rows.filter((r) => !isLocalId(r.id));
    // Queued creates head the first page (whatever the sort: they are the user's unsent work).
    const created = input.after ? [] : rows.filter((r) => isLocalId(r.id));
    return { ...page, rows: [...created, ...mirrorRows], total: page.total + created.length };
  }

  /** Every row of a list's view, as shown (queued edits laid over), without the overlay's own markers. */
  private exportView({ format, bom, ...view }: ParsedInput<'data.export'>): ExportFile {
    const rows = collectPages((after) => this.list({ ...view, after, limit: 1000 })).map(
      ({ pending: _pending, pendingEntryIds: _ids, failed: _failed, ...record }) => record,
    );
    const fileName = `${view.resource}-${new Date().toISOString().slice(0, 10)}.${format}`;
    if (format === 'json') return { fileName, mimeType: 'application/json', text: JSON.stringify(rows), rows: rows.length };
    const currency = this.current.mirror.list('client', { limit: 1 }).rows[0]?.client.currencyCode || undefined;
    const text = toCsv(rows, { fields: resourceFields(view.resource), currency, bom });
    return { fileName, mimeType: 'text/csv', text, rows: rows.length };
  }

  private getRecord(resource: ResourceName, id: number | string): OverlaidRecord | null {
    const { mirror, outbox } = this.current;
    if (typeof id === 'string') {
      const serverId = outbox.resolveId(id);
      if (serverId === null) {
        if (!OVERLAID.has(resource)) return null;
        return (overlay(resource as OverlayResource, [], outbox.pending()) as OverlaidRecord[]).find((r) => r.id === id) ?? null;
      }
      id = serverId;
    }
    const record = mirror.get(resource, id);
    if (record === null) return null;
    if (!OVERLAID.has(resource)) return unmarked(record);
    return (overlay(resource as OverlayResource, [record] as never[], outbox.pending()) as OverlaidRecord[])[0] ?? null;
  }

  private async enqueue(kind: MutationKind, params: AnyMutationInput) {
    const entry = await this.current.outbox.enqueue({ kind, params } as Mutation);
    if (this.background) void this.current.replay();
    return entry;
  }

  /** A fresh answer when online (or when asked), else the mirror's, marked stale when the provider is out of reach. */
  private async cachedAnswer<T>(
    cache: { get(domain: string, maxAgeMs?: number): { value: T; fetchedAt: string } | null; put(domain: string, value: T, fetchedAt?: Date): void },
    domain: string,
    refresh: boolean,
    fetch: () => Promise<T>,
  ): Promise<Cached<T>> {
    const maxAgeMs = this.settings.get().whoisCacheMinutes * 60_000;
    const fresh = refresh ? null : cache.get(domain, maxAgeMs);
    if (fresh) return { ...fresh, stale: false };
    try {
      const value = await this.current.connectivity.observe(fetch);
      const fetchedAt = new Date();
      cache.put(domain, value, fetchedAt);
      return { value, fetchedAt: fetchedAt.toISOString(), stale: false };
    } catch (error) {
      const old = error instanceof ApiError && error.kind === 'network' ? cache.get(domain) : null;
      if (old) return { ...old, stale: true };
      throw error;
    }
  }
}

function unmarked(record: object): OverlaidRecord {
  return { ...record, pending: null, pendingEntryIds: [], failed: false } as unknown as OverlaidRecord;
}

function resourcesOf(kind: MutationKind): ResourceName[] {
  switch (kind) {
    case 'add-contact':
    case 'update-contact':
    case 'delete-contact':
      return ['contacts'];
    case 'open-ticket':
    case 'add-ticket-reply':
      return ['tickets'];
    case 'create-invoice':
      return ['invoices'];
    case 'add-order':
      return ['orders', 'services', 'domains'];
    case 'domain-request-epp':
      return ['domains'];
  }
}
