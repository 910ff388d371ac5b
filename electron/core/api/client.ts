/**
 * ResellerClient: the only code that speaks HTTP to a provider. One typed method per operation; each builds
 * the form, sends it through the session (bearer token, one resend after a 401), retries reads on transient
 * failures, and decodes the reply into shared/models.ts records.
 */
import type { AxiosInstance } from 'axios';
import type {
  Announcement,
  CatalogueProduct,
  ClientDetailsResult,
  ConfigOption,
  Contact,
  ContactRef,
  Department,
  Domain,
  EppResult,
  InvoiceCreated,
  Order,
  OrderCreated,
  ListedTicket,
  Page,
  ProductAddon,
  Service,
  TicketOpened,
  Token,
  Transaction,
  WhoisInfo,
  WhoisResult,
} from '../../../shared/models.js';
import { validateParams } from '../../../shared/outbox/schemas.js';
import type { SecretVault } from '../vault/secret-vault.js';
import * as decode from './decoders.js';
import {
  encodeAddonList,
  encodeAttachments,
  encodeConfigOptions,
  encodeCustomFields,
  encodeDomainFields,
  encodeDomainRenewals,
  encodeInvoiceItems,
  type FormEntry,
} from './encoders.js';
import { ApiError, protocolError } from './errors.js';
import { formEntries, toFormData, toUrlEncoded } from './form.js';
import type { HttpOptions } from './http.js';
import { OPERATIONS, type OperationName, type OperationSpec } from './operations.js';
import type * as P from './params.js';
import { readEnvelope } from './envelope.js';
import { PAGED_LISTS, type ListPageReply, type PagedListOperation, type PagedListRecord } from './paged-lists.js';
import { interpretReply, type HttpReply, type ReplyBody } from './reply.js';
import { releaseBody } from './reply-bytes.js';
import { decodedInto, type UnreadField } from './unread.js';
import { DEFAULT_RETRY, retryDelay, type RetryNotice, type RetryPolicy } from './retry.js';
import { REFRESH_TOKEN_SECRET, Session, type SessionOptions } from './session.js';
import { parseWhoisJson, parseWhoisText } from './whois-info.js';

export const CLIENT_SECRET_SECRET = 'client-secret';
export const PASSWORD_SECRET = 'password';
/** The password of the account's proxy sign-in (shared/accounts.ts proxyUser): the network's, never the provider's. */
export const PROXY_PASSWORD_SECRET = 'proxy-password';
/** Every keychain secret of an account's connection: stored by an add, undone by a failed one, deleted by a remove. */
export const ACCOUNT_SECRETS = [CLIENT_SECRET_SECRET, PASSWORD_SECRET, REFRESH_TOKEN_SECRET, PROXY_PASSWORD_SECRET] as const;

/** How the client reaches one account on the provider (the stored account, shared/accounts.ts, is what it is made from). */
export interface ClientConnection {
  /** The account's key in the vault (its secrets: client secret, password, refresh token). */
  account: string;
  baseUrl: string;
  /** Base URL of get-transactions, get-support-departments, update-contact, get-tickets; empty → baseUrl. */
  altBaseUrl?: string;
  /** The path segment the spec calls `svc`. */
  service?: string;
  /** OAuth client id. */
  clientId: string;
  /** Account e-mail for the password grant. */
  username: string;
  /** The account's own client id when already known (e.g. from the mirror); otherwise learned from get-clients-details. */
  ownClientId?: number | null;
  /** The account's default payment gateway when already known; otherwise learned with the client id. */
  defaultGateway?: string | null;
}

/** What the client needs to know of its own account to write: learned once from get-clients-details. */
export interface OwnAccount {
  clientId: number;
  /** Gateway code; '' when the provider names none. */
  defaultGateway: string;
}

export interface ClientOptions extends HttpOptions, SessionOptions {
  http?: AxiosInstance;
  retry?: Partial<RetryPolicy>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Told before each retry of a transient failure. */
  onRetry?: (notice: RetryNotice) => void;
}

type PostArgs = [operation: string, url: string, body: FormData | URLSearchParams, headers: Record<string, string>, idempotent?: boolean];

/** The operation name of the token endpoint's requests, in errors (a grant that failed). */
export const TOKEN_OPERATION = 'token';

export class ResellerClient {
  readonly session: Session;
  /** The HTTP exchange, loaded on the first request (http.ts says why). */
  private http: Promise<(...args: PostArgs) => Promise<HttpReply>> | null = null;
  private readonly httpOptions: ClientOptions;
  private readonly baseUrl: string;
  private readonly altBaseUrl: string;
  private readonly service: string;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly onRetry: (notice: RetryNotice) => void;
  /** What is known of the account's own client record (null: not yet; learned with one get-clients-details). */
  private own: { clientId: number | null; defaultGateway: string | null };
  private learning: Promise<OwnAccount> | null = null;

  constructor(
    private readonly config: ClientConnection,
    private readonly vault: SecretVault,
    options: ClientOptions = {},
  ) {
    this.httpOptions = options;
    this.baseUrl = trimSlash(config.baseUrl);
    this.altBaseUrl = config.altBaseUrl?.trim() ? trimSlash(config.altBaseUrl) : this.baseUrl;
    this.service = config.service?.trim() || 'svc';
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = options.random ?? Math.random;
    this.onRetry = options.onRetry ?? (() => undefined);
    this.own = { clientId: config.ownClientId ?? null, defaultGateway: config.defaultGateway ?? null };
    this.session = new Session(
      { passwordGrant: (password) => this.token(password), refreshGrant: (token) => this.refresh(token) },
      vault,
      config.account,
      options,
    );
  }

  /** The account's own client id, once known. */
  get clientAccountId(): number | null {
    return this.own.clientId;
  }

  /** The account's own client id: known, or learned. */
  async ownClientId(): Promise<number> {
    return this.own.clientId ?? (await this.learnOwnAccount()).clientId;
  }

  /** The account's default gateway ('' when the provider names none): known, or learned. */
  async defaultGateway(): Promise<string> {
    return this.own.defaultGateway ?? (await this.learnOwnAccount()).defaultGateway;
  }

  /** One get-clients-details, shared by concurrent callers. */
  private learnOwnAccount(): Promise<OwnAccount> {
    this.learning ??= this.getClientsDetails()
      .then(({ client }) => ({ clientId: client.userId, defaultGateway: client.defaultGateway }))
      .finally(() => {
        this.learning = null;
      });
    return this.learning;
  }

  /** Password grant; on success a password given here is stored in the vault for later renewals. */
  async signIn(password?: string): Promise<void> {
    await this.session.signIn(password);
    if (password !== undefined) await this.vault.set(this.config.account, PASSWORD_SECRET, password);
  }

  // ---- token endpoint ----

  /** OAuth password grant with the stored (or the given) password. */
  async token(password?: string): Promise<Token> {
    const secret = await this.secret(CLIENT_SECRET_SECRET);
    const pass = password ?? (await this.secret(PASSWORD_SECRET));
    return this.grant([
      ['grant_type', 'password'],
      ['client_id', this.config.clientId],
      ['client_secret', secret],
      ['username', this.config.username],
      ['password', pass],
    ]);
  }

  /** OAuth refresh grant (standard form; the spec does not show it, the real provider documents it). */
  async refresh(refreshToken: string): Promise<Token> {
    const secret = await this.secret(CLIENT_SECRET_SECRET);
    return this.grant([
      ['grant_type', 'refresh_token'],
      ['refresh_token', refreshToken],
      ['client_id', this.config.clientId],
      ['client_secret', secret],
    ]);
  }

  // ---- reads ----

  async getClientsProducts(params: P.ClientsProductsParams = {}): Promise<Page<Service>> {
    return decode.decodeClientsProducts(await this.json('get-clients-products', formEntries({ ...params })));
  }

  /** `unread`: a sync's read, whose values that cannot be read are left unset and listed there (unread.ts). */
  async getProducts(params: P.ProductsParams = {}, unread?: UnreadField[]): Promise<Page<CatalogueProduct>> {
    const body = await this.json('get-products', formEntries({ ...params }));
    return decodedInto(unread, () => decode.decodeCatalogueProducts('get-products', body));
  }

  async getFilteredProducts(params: P.FilteredProductsParams): Promise<Page<CatalogueProduct>> {
    const body = await this.json('get-filtered-products', formEntries({ ...params }));
    return decode.decodeCatalogueProducts('get-filtered-products', body);
  }

  async getProductAddons(params: P.ProductIdParams, unread?: UnreadField[]): Promise<Page<ProductAddon>> {
    const body = await this.json('get-product-addons', formEntries({ ...params }));
    return decodedInto(unread, () => decode.decodeProductAddons(body));
  }

  async getProductConfigoptions(params: P.ProductIdParams, unread?: UnreadField[]): Promise<Page<ConfigOption>> {
    const body = await this.json('get-product-configoptions', formEntries({ ...params }));
    return decodedInto(unread, () => decode.decodeProductConfigoptions(body));
  }

  async getTransactions(params: P.TransactionsParams = {}): Promise<Page<Transaction>> {
    return decode.decodeTransactions(await this.json('get-transactions', formEntries({ ...params })));
  }

  async getClientsDomains(params: P.ClientsDomainsParams = {}): Promise<Page<Domain>> {
    return decode.decodeClientsDomains(await this.json('get-clients-domains', formEntries({ ...params })));
  }

  async whois(params: P.DomainParams): Promise<WhoisResult> {
    return decode.decodeWhois(await this.json('whois', formEntries({ ...params })));
  }

  async getOrders(params: P.OrdersParams = {}): Promise<Page<Order>> {
    return decode.decodeOrders(await this.json('get-orders', formEntries({ ...params })));
  }

  async getContacts(params: P.ContactsParams = {}): Promise<Page<Contact>> {
    return decode.decodeContacts(await this.json('get-contacts', formEntries({ ...params })));
  }

  async getAnnouncements(params: P.PageParams = {}): Promise<Page<Announcement>> {
    return decode.decodeAnnouncements(await this.json('get-announcements', formEntries({ ...params })));
  }

  async getSupportDepartments(): Promise<Page<Department>> {
    return decode.decodeSupportDepartments(await this.json('get-support-departments', []));
  }

  async getTickets(params: P.TicketsParams = {}): Promise<Page<ListedTicket>> {
    return decode.decodeListedTickets(await this.json('get-tickets', formEntries({ ...params })));
  }

  /**
   * One page of a paged list for a reader that decodes it elsewhere (the sync's writer thread): the reply's
   * bytes with the counters of its envelope, when it says `result: success` and how many rows it holds; any
   * other reply is read here as every reply is, into an ApiError or a decoded page.
   */
  readListPage<K extends PagedListOperation>(operation: K, params: P.PageParams): Promise<ListPageReply<PagedListRecord<K>>> {
    return this.exchange(operation, formEntries({ ...params }), (reply) => {
      const envelope = reply.status >= 200 && reply.status < 300 ? readEnvelope(reply.body) : null;
      if (envelope?.result === 'success' && envelope.returned !== null) {
        checkRowClaim(operation, envelope.returned, reply);
        return { kind: 'bytes', bytes: reply.body, total: envelope.total ?? envelope.returned, start: envelope.start, returned: envelope.returned };
      }
      try {
        return { kind: 'page', page: PAGED_LISTS[operation](jsonBody(operation, interpretReply(operation, reply, 'json'))) as Page<PagedListRecord<K>> };
      } finally {
        releaseBody(reply);
      }
    });
  }

  /** Also teaches the client the account's own client id (sent as clientid/userid) and default gateway. */
  async getClientsDetails(params: P.ClientsDetailsParams = {}): Promise<ClientDetailsResult> {
    const details = decode.decodeClientDetails(await this.json('get-clients-details', formEntries({ ...params })));
    this.own = { clientId: details.client.userId, defaultGateway: details.client.defaultGateway };
    return details;
  }

  /**
   * Whether the provider answers: one small read (the account's details), sent once with no retry, so that a
   * front end learns the network is back within a probe's time. Throws the ApiError it failed with.
   */
  async probe(): Promise<void> {
    const name = 'get-clients-details';
    const spec = OPERATIONS[name];
    jsonBody(name, await this.sendAuthorized(name, spec, await this.addOwnId(name, spec, []), (reply) => {
      try {
        return interpretReply(name, reply, 'json');
      } finally {
        releaseBody(reply);
      }
    }));
  }

  async whoisInfo(params: P.DomainParams): Promise<WhoisInfo> {
    const reply = await this.call('whois-info', formEntries({ ...params }));
    return reply.kind === 'text' ? parseWhoisText(reply.value) : parseWhoisJson(reply.value);
  }

  // ---- writes (never retried automatically) ----

  /** Upstream requires a paymentmethod: the account's default gateway unless the order names one. */
  async addOrder(params: P.AddOrderParams): Promise<OrderCreated> {
    const { customfields, configoptions, addons, domainfields, domainrenewals, paymentmethod, ...plain } = params;
    const entries = [
      ...formEntries(plain),
      ...formEntries({
        paymentmethod: paymentmethod ?? ((await this.defaultGateway()) || undefined),
        customfields: customfields?.map(encodeCustomFields),
        configoptions: configoptions?.map(encodeConfigOptions),
        addons: addons?.map(encodeAddonList),
        domainfields: domainfields?.map(encodeDomainFields),
      }),
      ...(domainrenewals ? encodeDomainRenewals(domainrenewals) : []),
    ];
    return decode.decodeOrderCreated(await this.json('add-order', entries));
  }

  async addContact(params: P.AddContactParams): Promise<ContactRef> {
    return decode.decodeContactRef('add-contact', await this.json('add-contact', formEntries({ ...params })));
  }

  async updateContact(params: P.UpdateContactParams): Promise<ContactRef> {
    return decode.decodeContactRef('update-contact', await this.json('update-contact', formEntries({ ...params })));
  }

  async deleteContact(params: P.ContactIdParams): Promise<ContactRef> {
    return decode.decodeContactRef('delete-contact', await this.json('delete-contact', formEntries({ ...params })));
  }

  async openTicket(params: P.OpenTicketParams): Promise<TicketOpened> {
    const entries = await this.ticketEntries(params);
    return decode.decodeTicketOpened(await this.json('open-ticket', entries));
  }

  async addTicketReply(params: P.AddTicketReplyParams): Promise<void> {
    await this.json('add-ticket-reply', await this.ticketEntries(params));
  }

  async domainRequestEpp(params: P.DomainRequestEppParams): Promise<EppResult> {
    return decode.decodeEpp(await this.json('domain-request-epp', formEntries({ ...params })));
  }

  /** Line items are checked as the outbox checks them (an amount has at most two decimals), naming the field. */
  async createInvoice(params: P.CreateInvoiceParams = {}): Promise<InvoiceCreated> {
    const { items, ...plain } = params;
    if (items) validateParams('create-invoice', { items });
    const entries = [...formEntries(plain), ...encodeInvoiceItems(items ?? [])];
    return decode.decodeInvoiceCreated(await this.json('create-invoice', entries));
  }

  // ---- plumbing ----

  /** open-ticket and add-ticket-reply: custom fields and attachments are packed into one field each. */
  private async ticketEntries(params: P.OpenTicketParams | P.AddTicketReplyParams): Promise<FormEntry[]> {
    const { customfields, attachments, ...plain } = params;
    const files = attachments ?? [];
    return [
      ...formEntries(plain),
      ...formEntries({
        customfields: customfields ? encodeCustomFields(customfields) : undefined,
        attachments: files.length > 0 ? encodeAttachments(files) : undefined,
      }),
    ];
  }

  private async json(name: OperationName, entries: FormEntry[]) {
    return jsonBody(name, await this.call(name, entries));
  }

  /** Sends one operation; reads are retried on transient failures, writes never. */
  private call(name: OperationName, entries: FormEntry[]): Promise<ReplyBody> {
    const spec = OPERATIONS[name];
    return this.exchange(name, entries, (reply) => {
      try {
        return interpretReply(name, reply, spec.reply);
      } finally {
        releaseBody(reply);
      }
    });
  }

  /** One operation's exchange, its reply read by `read` (which throws an ApiError for a failed one). */
  private async exchange<R>(name: OperationName, entries: FormEntry[], read: (reply: HttpReply) => R): Promise<R> {
    const spec = OPERATIONS[name];
    const withOwnId = await this.addOwnId(name, spec, entries);
    const send = () => this.sendAuthorized(name, spec, withOwnId, read);
    return spec.write ? send() : this.withRetry(send);
  }

  /** One send with the session's token; after a 401 (the request provably did not run) one resend with a renewed token. */
  private async sendAuthorized<R>(name: OperationName, spec: OperationSpec, entries: FormEntry[], read: (reply: HttpReply) => R): Promise<R> {
    const token = await this.session.accessToken(name);
    try {
      return await this.send(name, spec, entries, token, read);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.unauthorized) throw error;
      const renewed = await this.session.renewAfterUnauthorized(token, name);
      return this.send(name, spec, entries, renewed, read);
    }
  }

  private async send<R>(name: OperationName, spec: OperationSpec, entries: FormEntry[], token: string, read: (reply: HttpReply) => R): Promise<R> {
    const base = spec.host === 'alt' ? this.altBaseUrl : this.baseUrl;
    const reply = await this.post(name, `${base}/api/v2/${this.service}/${name}`, toFormData(entries), { ...COMMON_HEADERS, Authorization: `Bearer ${token}` }, !spec.write);
    return read(reply);
  }

  /** One POST of a form (http.ts), loading the HTTP exchange with the first. */
  private async post(...args: PostArgs): Promise<HttpReply> {
    this.http ??= import('./http.js').then(({ createHttp, postForm }) => {
      const http = this.httpOptions.http ?? createHttp(this.httpOptions);
      return (...post: PostArgs) => postForm(http, ...post);
    });
    return (await this.http)(...args);
  }

  /**
   * One grant request, never retried here: a provider may lock an account that hammers its login, so a failed
   * grant is the session's to judge (it sends no other until the next sync).
   */
  private async grant(entries: FormEntry[]): Promise<Token> {
    const reply = await this.post(TOKEN_OPERATION, `${this.baseUrl}/oauth/token`, toUrlEncoded(entries), COMMON_HEADERS);
    const body = interpretReply(TOKEN_OPERATION, reply, 'json');
    if (body.kind !== 'json') throw new ApiError({ kind: 'protocol', operation: TOKEN_OPERATION, message: 'token: reply is not JSON' });
    return decode.decodeToken(TOKEN_OPERATION, body.value);
  }

  private async withRetry<T>(attempt: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let n = 1; ; n++) {
      try {
        return await attempt();
      } catch (error) {
        // A failed sign-in stays failed until the next sync (the session's rule): no point in waiting to retry.
        if (!(error instanceof ApiError) || error.operation === TOKEN_OPERATION) throw error;
        const delay = retryDelay(this.retry, n, error, this.random, Date.now() - started);
        if (delay === null) throw error;
        this.onRetry({ operation: error.operation, attempt: n + 1, maxAttempts: this.retry.maxAttempts, delayMs: delay, reason: error.message });
        await this.sleep(delay);
      }
    }
  }

  /** The account's own id as the operation's own-id parameter, learned first when unknown (not for get-clients-details, which teaches it). */
  private async addOwnId(name: OperationName, spec: OperationSpec, entries: FormEntry[]): Promise<FormEntry[]> {
    const param = spec.ownId;
    if (param === null || entries.some(([key]) => key === param)) return entries;
    if (spec.namedAuthor && entries.some(([key]) => key === 'name') && entries.some(([key]) => key === 'email')) return entries;
    if (name === 'get-clients-details' && this.own.clientId === null) return entries;
    return [...entries, [param, String(await this.ownClientId())]];
  }

  private async secret(name: string): Promise<string> {
    const value = await this.vault.get(this.config.account, name);
    if (value === null) {
      throw new ApiError({ kind: 'auth', operation: TOKEN_OPERATION, message: `no ${name} stored for this account` });
    }
    return value;
  }
}

const COMMON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } as const;

function jsonBody(name: string, reply: ReplyBody) {
  if (reply.kind !== 'json') throw new ApiError({ kind: 'protocol', operation: name, message: `${name}: reply is not JSON` });
  return reply.value;
}

/** The fewest bytes one row takes in a reply (`{"id":1},`); a numreturned past what the bytes can hold is a lie. */
const MIN_ROW_BYTES = 9;

/** Refuses a row count that the reply's bytes cannot hold, before anything is sized by it. */
function checkRowClaim(operation: string, returned: number, reply: HttpReply): void {
  if (returned * MIN_ROW_BYTES > reply.body.length) {
    releaseBody(reply);
    throw protocolError(operation, 'numreturned', `says ${returned} rows, in a reply of ${reply.body.length} bytes`);
  }
}

function trimSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
