/**
 * The contract between the engine (Desk) and every front end: each procedure with its zod input schema and its
 * output type, and each event with its payload. Main (IPC), preload, web host (WebSocket), CLI and renderer all
 * derive their types from here; nothing else crosses a process boundary (architecture rule 3).
 */
import { z } from 'zod';
import { EVENT_NAMES, isProcedureName, PROCEDURE_NAMES, type EventName as ListedEventName, type ProcedureName as ListedProcedureName } from './contract-names.js';
import { AccountEditSchema, AccountInputSchema, AccountNameSchema } from './accounts.js';
import { AnnouncementImageUrlSchema, type AnnouncementImage } from './announcement-image.js';
import type { BillingSummary, OrderPayment } from './billing.js';
import type { CatalogueGroupCheck, ProductGroup } from './catalogue-group.js';
import type { DashboardData } from './dashboard.js';
import { IssuerSchema, LogoFileSchema, NO_ISSUER, type IssuerLogo } from './issuer.js';
import type { EppResult, WhoisInfo, WhoisResult } from './models.js';
import type { OutboxEntry, OutboxPage } from './outbox/entry.js';
import { MUTATION_KINDS } from './outbox/kinds.js';
import type { MutationKind } from './outbox/kinds.js';
import { ENTRY_STATES, type EntryState } from './outbox/states.js';
import { CONFLICT_CHOICES, type EntryBase } from './outbox/conflict.js';
import type { AnyMutationInput, Mutation, MutationInput } from './outbox/schemas.js';
import { isLocalId, type LocalId } from './outbox/local-ids.js';
import { DraftKeySchema, DraftValueSchema, type DraftKey, type DraftValue } from './outbox/drafts.js';
import { checkedAs } from './checked-as.js';
import { MAX_RENEWAL_YEARS, type RenewalPlan } from './renewals.js';
import type { PaymentMethodUse } from './billing.js';
import { BULK_CONTACT_FIELDS, type BulkEditQueued, type BulkPlan } from './bulk-edit.js';
import { CONTACT_IMPORT_FIELDS, CONTACT_IMPORT_MODES, type ContactImportPreview, type ContactImportResult } from './contact-import.js';
import type { ExportFile, Facet, ListPage, OverlaidRecord, OverlaidSearchHit } from './queries.js';
import { RESOURCE_NAMES, SYNCED_RESOURCES, type ResourceName, type ResourceRecords } from './records.js';
import type { ErrorFacts } from './error-words.js';
import { WindowErrorSchema } from './window-error.js';
import { NOTABLE_KINDS, type ConnectionStatus, type Connectivity, type SyncProgress, type SyncRunRecord, type SyncRunResult, type SyncState, type SyncSummary } from './sync.js';

/**
 * A procedure: its input schema, and its output type carried as a phantom (never a value at run time). The schema
 * is bound by zod's core type (parsed with `z.parse`): bound by z.ZodType, each procedure cost the type check a
 * comparison of zod's whole class hierarchy.
 */
export interface Procedure<I extends z.core.$ZodType, O> {
  input: I;
  output?: O;
}

const procedure = <I extends z.core.$ZodType>(input: I) => ({
  returns: <O>(): Procedure<I, O> => ({ input }),
});

const none = z.object({}).strict().optional();
const resource = z.enum(RESOURCE_NAMES as [ResourceName, ...ResourceName[]], {
  error: `must be one of ${RESOURCE_NAMES.join(', ')}`,
});
const id = z.int({ error: 'must be a whole number' }).positive({ error: 'must be above 0' });
const recordId = z.union([id, z.string().regex(/^local:[1-9]\d*$/, { error: 'must be an id or a local id such as local:7' })]);
/** The same, typed as the outbox's params take it. */
const recordRef = z.union([id, z.custom<LocalId>(isLocalId, { error: 'must be an id or a local id such as local:7' })]);
const domainName = z.string().trim().min(3, { error: 'must be a domain name such as example.com' }).max(253);

const filterValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.strictObject({ from: z.string().optional(), to: z.string().optional() }),
]);

export const ListInputSchema = z.strictObject({
  resource,
  filters: z.record(z.string(), filterValue).optional(),
  text: z.string().max(200).optional(),
  sort: z.strictObject({ field: z.string(), dir: z.enum(['asc', 'desc']).optional() }).optional(),
  after: z.string().nullable().optional(),
  limit: z.int().min(1).max(1000).optional(),
});
export type ListInput = z.infer<typeof ListInputSchema>;

/** A list's view (resource, filters, text, sort) written out whole by the engine. */
export const ExportInputSchema = ListInputSchema.omit({ after: true, limit: true }).extend({
  format: z.enum(['csv', 'json'], { error: 'must be csv or json' }),
  /** Starts a CSV with a byte order mark, for spreadsheets that need one to read UTF-8. */
  bom: z.boolean().optional(),
  /** Only these rows of the view (a list's selection), in the view's order. */
  ids: z.array(recordId).min(1, { error: 'select at least one row' }).optional(),
});
export type ExportInput = z.input<typeof ExportInputSchema>;

/**
 * One queued mutation: its kind and its parameters, and the draft of the form that wrote it (dropped in the same
 * transaction as the edit is queued). Typed as the union over the kinds' schemas (Mutation), so a front end
 * that passes the wrong params for a kind does not compile; at run time only the shape is checked here, and the
 * params are checked per kind by the outbox, whose messages name each field (`items[1].amount`).
 */
const mutationShape = z.strictObject({
  kind: z.enum(MUTATION_KINDS, { error: `must be one of ${MUTATION_KINDS.join(', ')}` }),
  params: z.record(z.string(), z.unknown(), { error: 'must be an object of parameters' }),
});
export const EnqueueInputSchema = checkedAs<Mutation & { draft?: DraftKey }>(mutationShape.extend({ draft: DraftKeySchema.optional() }));

/** The most contacts one bulk change reaches (the engine refuses a list showing more; the list offers none). */
export const BULK_LIMIT = 5000;
/** A write to the outbox of more entries than this tells outbox.changed only those not simply queued. */
export const OUTBOX_EVENT_ENTRIES = 50;
/** The most entries one outbox.page reads. */
export const OUTBOX_PAGE_LIMIT = 500;

/** Several edits queued in one transaction (a selection's deletions, its EPP requests): all, or none if one is refused. */
/** Which entries: some states, one kind (outbox.list, outbox.page). */
const OutboxFilterSchema = z.strictObject({ states: z.array(z.enum(ENTRY_STATES)).optional(), kind: z.enum(MUTATION_KINDS).optional() });

export const EnqueueAllInputSchema = checkedAs<{ mutations: Mutation[] }>(
  z.strictObject({
    mutations: z
      .array(mutationShape)
      .min(1, { error: 'give at least one edit' })
      .max(BULK_LIMIT, { error: `must be at most ${BULK_LIMIT} edits` }),
  }),
);

/**
 * The same change applied to many contacts at once: one update-contact per contact, queued together. The
 * contacts are named by id, or as a Contacts list shows them (`shown`: its filters and text, read by the engine
 * from the same view data.list gives, queued creates and edits included, pending deletions left out).
 */
export const BulkContactUpdateSchema = z
  .strictObject({
    contactIds: z.array(recordRef).min(1, { error: 'select at least one contact' }).max(BULK_LIMIT).optional(),
    shown: ListInputSchema.pick({ filters: true, text: true }).optional(),
    /** update-contact's fields (without contactid); checked as an update-contact for each contact, by the outbox. */
    changes: checkedAs<Omit<MutationInput<'update-contact'>, 'contactid'>>(z.record(z.string(), z.unknown(), { error: 'must be an object of contact fields' })),
    /** The bulk form's draft, dropped once the edits are queued. */
    draft: DraftKeySchema.optional(),
  })
  .refine((input) => (input.contactIds === undefined) !== (input.shown === undefined), {
    error: 'give either contactIds or shown (a Contacts list), not both',
    path: ['contactIds'],
  });

/** The contacts a bulk change would reach: those it queues an edit for, and those it skips (their deletion is queued). */
export interface BulkPreview {
  sending: number;
  skippedDeleting: number;
}

const fieldEdit = z.union([z.strictObject({ keep: z.literal(true) }), z.strictObject({ set: z.union([z.string(), z.boolean()]) }), z.strictObject({ clear: z.literal(true) })], {
  error: 'must be {keep: true}, {set: value} or {clear: true}',
});

/**
 * A bulk change field by field (a field left out is kept), to contacts named as contacts.bulkUpdate names them.
 * Clearing a text field reaches the provider as an empty value, which it takes as "not given": the plan says
 * so on each contact whose field holds something, and leaves it out.
 */
export const BulkContactPlanSchema = z
  .strictObject({
    contactIds: z.array(recordRef).min(1, { error: 'select at least one contact' }).max(BULK_LIMIT).optional(),
    shown: ListInputSchema.pick({ filters: true, text: true }).optional(),
    fields: z.partialRecord(z.enum(BULK_CONTACT_FIELDS, { error: `must be one of ${BULK_CONTACT_FIELDS.join(', ')}` }), fieldEdit),
    draft: DraftKeySchema.optional(),
  })
  .refine((input) => (input.contactIds === undefined) !== (input.shown === undefined), {
    error: 'give either contactIds or shown (a Contacts list), not both',
    path: ['contactIds'],
  });

/**
 * Domains to renew, by name, by mirror id, or as a Domains list shows them (its filters and text: the dashboard's
 * "expiring within 30 days", read in the engine rather than sent over as thousands of ids), and for how many years.
 */
const renewalYears = z.int({ error: 'must be a whole number of years' }).min(1, { error: 'must be at least 1' }).max(MAX_RENEWAL_YEARS, { error: `must be at most ${MAX_RENEWAL_YEARS}` });

export const RenewalInputSchema = z
  .strictObject({
    names: z.array(domainName).min(1).max(BULK_LIMIT).optional(),
    ids: z.array(id).min(1).max(BULK_LIMIT).optional(),
    shown: ListInputSchema.pick({ filters: true, text: true }).optional(),
    years: renewalYears,
    /** A domain's own period, by its name, where it is not `years`. */
    yearsOf: z.record(domainName, renewalYears).optional(),
    /** A page of the lines (the rest of the plan is whole): from `offset` (default 0), `limit` of them (default all). */
    offset: z.int().min(0).optional(),
    limit: z.int().min(1).max(1000).optional(),
  })
  .refine((input) => input.names !== undefined || input.ids !== undefined || input.shown !== undefined, {
    error: 'give the domains to renew: names, ids or shown (a Domains list)',
    path: ['names'],
  });
export type RenewalInput = z.infer<typeof RenewalInputSchema>;

/** The largest CSV file of contacts read (about 50,000 rows of a full address each). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * A CSV file of contacts: its bytes (checked to be UTF-8) or its text, each column's field by position (null:
 * not imported; left out: guessed from the header), and whether rows add contacts or update the one with their e-mail.
 */
export const ContactImportSchema = z.strictObject({
  csv: z.union(
    [
      z.custom<Uint8Array>((value) => value instanceof Uint8Array).refine((bytes) => bytes.byteLength <= MAX_IMPORT_BYTES, { error: `must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB` }),
      z.string().max(MAX_IMPORT_BYTES, { error: `must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB` }),
    ],
    { error: "must be the file's bytes or its text" },
  ),
  mapping: z.array(z.enum(CONTACT_IMPORT_FIELDS, { error: `must be one of ${CONTACT_IMPORT_FIELDS.join(', ')}, or null` }).nullable()).max(200).optional(),
  mode: z.enum(CONTACT_IMPORT_MODES, { error: `must be one of ${CONTACT_IMPORT_MODES.join(', ')}` }),
});

export const THEMES = ['system', 'light', 'dark'] as const;
export const LANGUAGES = ['system', 'en', 'it'] as const;
/** How much the log file keeps, least to most: each level keeps its own lines and those before it. */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const SettingsSchema = z.strictObject({
  /** Minutes between background syncs; 0 turns them off. */
  syncIntervalMinutes: z.int().min(0).max(24 * 60),
  /** The most one sync may take, in minutes: a provider that trickles its replies cannot hold it longer. */
  syncDeadlineMinutes: z.int().min(1).max(24 * 60),
  /** Whois answers younger than this are served from the mirror. */
  whoisCacheMinutes: z.int().min(0).max(7 * 24 * 60),
  /** Which kinds of notable sync changes the desktop app announces with a system notification. */
  notifyKinds: z.array(z.enum(NOTABLE_KINDS, { error: `must be one of ${NOTABLE_KINDS.join(', ')}` })),
  /** 'system' follows the operating system's light or dark. */
  theme: z.enum(THEMES, { error: `must be one of ${THEMES.join(', ')}` }),
  /** 'system' follows the operating system's language where the app speaks it. */
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }),
  /** What the log file in the data folder keeps (electron/core/log/log-file.ts). */
  logLevel: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }),
  /** Desktop app on Windows and Linux: closing the window keeps the app syncing in the tray (macOS keeps it in the dock). */
  closeToTray: z.boolean(),
  /** Desktop app: start when the person logs in to the computer. */
  openAtLogin: z.boolean(),
  /** The reseller as the printed invoices' issuer (its logo is a file of its own: settings.setLogo). */
  issuer: IssuerSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;
export const DEFAULT_SETTINGS: Settings = {
  syncIntervalMinutes: 15,
  syncDeadlineMinutes: 5,
  whoisCacheMinutes: 60,
  notifyKinds: ['ticket-answered', 'domain-expiring', 'service-suspended', 'invoices-overdue'],
  theme: 'system',
  language: 'system',
  logLevel: 'info',
  closeToTray: true,
  openAtLogin: false,
  issuer: NO_ISSUER,
};

export interface AccountSummary {
  name: string;
  baseUrl: string;
  altBaseUrl: string;
  service: string;
  clientId: string;
  username: string;
  demo: boolean;
  /** Plain http:// to another machine, allowed by the user: every sign-in warns that secrets cross unencrypted. */
  insecureHttp: boolean;
  /** The extra CA certificate's PEM file trusted for this account; empty: none. */
  caFile: string;
  /** The user name of the account's proxy sign-in (its password stays in the keychain); empty: none. */
  proxyUser: string;
  current: boolean;
  /** Why the account's outbox kept it from opening (outbox.recover carries on); null when it is not so. */
  outboxDamage: OutboxDamage | null;
}

/**
 * An outbox file the account could not open with (issue 24.2/24.3): gone, emptied to 0 bytes, older than it was
 * (fewer entries than the account record says it held), or damaged (unreadable pages, not a database, a folder…).
 */
export interface OutboxDamage {
  state: 'gone' | 'empty' | 'older' | 'damaged';
  file: string;
  /** Entries that can still be read (a damaged file); null when not known. */
  readable: number | null;
  /** Edits not yet sent the account record says it held; null when there is no record. */
  heldPending: number | null;
}

/** What a connection check found: the account's holder as the provider names it. */
export interface AccountTestResult {
  clientName: string;
  email: string;
  /** The proxy the check went through (null: directly), and who named it: the system's settings or the environment. */
  proxy: { url: string; source: 'system' | 'environment' } | null;
}

/**
 * Why secrets are kept in memory instead of the OS keychain: it refused or is not there (on Linux, no Secret
 * Service), it did not answer in time (a locked keyring may be waiting on a prompt), or it gave back something
 * other than what was stored. The engine keeps the keychain's own message for the command line and logs.
 */
export type KeychainFallback = 'unavailable' | 'no-answer' | 'unreliable';

export interface SessionInfo {
  account: string | null;
  /** Where secrets live: the OS keychain, or memory for this session only (with why, as a cause the page words). */
  vault: { kind: 'keychain' | 'memory'; cause: KeychainFallback | null };
  connectivity: Connectivity;
  /** The connection as a person is told it: the state, why, and when a request last got through. */
  connection: ConnectionStatus;
  signedOutReason: string | null;
}

export interface SyncStatus {
  running: boolean;
  resources: SyncState[];
  lastRun: SyncRunRecord | null;
}

export interface Cached<T> {
  value: T;
  /** ISO 8601 time the provider answered. */
  fetchedAt: string;
  /** True when served from the mirror because the provider could not be reached. */
  stale: boolean;
}

/** A domain checked before (domains.whois), as the mirror remembers it. */
export interface DomainCheck {
  domain: string;
  available: boolean | null;
  premium: boolean;
  /** ISO 8601 time the provider answered. */
  fetchedAt: string;
}

export const PROCEDURES = {
  'session.info': procedure(none).returns<SessionInfo>(),

  'accounts.list': procedure(none).returns<AccountSummary[]>(),
  /** Checks the account as accounts.test does, then stores it (secrets in the vault). */
  'accounts.add': procedure(AccountInputSchema).returns<AccountSummary>(),
  /** The same check as accounts.add (password grant, the service segment, the alt base URL), storing nothing. */
  'accounts.test': procedure(AccountInputSchema).returns<AccountTestResult>(),
  /** Opens an account; `remember: false` leaves the current account (the one the app opens with) as it is. */
  'accounts.select': procedure(z.strictObject({ name: AccountNameSchema, remember: z.boolean().optional() })).returns<AccountSummary>(),
  /** Changes a stored account's connection (checked as accounts.add checks it; secrets not given are the stored ones). */
  'accounts.edit': procedure(AccountEditSchema).returns<AccountSummary>(),
  'accounts.signIn': procedure(z.strictObject({ name: AccountNameSchema, password: z.string().min(1).optional() })).returns<SessionInfo>(),
  'accounts.signOut': procedure(z.strictObject({ name: AccountNameSchema })).returns<SessionInfo>(),
  /** Forgets the account, its secrets and (unless keepData) its mirror; refused while edits are queued unless force. */
  'accounts.remove': procedure(z.strictObject({ name: AccountNameSchema, keepData: z.boolean().optional(), force: z.boolean().optional() })).returns<AccountSummary[]>(),
  /** Starts the bundled sandbox provider and selects its demo account. */
  'accounts.demo': procedure(none).returns<AccountSummary>(),

  /** Sends queued edits, then pulls the account (or only the resources named). */
  'sync.run': procedure(
    z.strictObject({ only: z.array(z.enum(SYNCED_RESOURCES, { error: `must be one of ${SYNCED_RESOURCES.join(', ')}` })).min(1).optional() }).optional(),
  ).returns<SyncRunResult>(),
  'sync.cancel': procedure(none).returns<void>(),
  'sync.status': procedure(none).returns<SyncStatus>(),
  'sync.history': procedure(z.strictObject({ limit: z.int().min(1).max(200).optional() }).optional()).returns<SyncRunRecord[]>(),

  'data.list': procedure(ListInputSchema).returns<ListPage<OverlaidRecord>>(),
  'data.get': procedure(z.strictObject({ resource, id: recordId })).returns<OverlaidRecord | null>(),
  /**
   * The id of every row a list's view shows, in its order (a selection of "all matching" acted on): data.list's
   * rows without their records, which for thousands of rows are most of the reply.
   */
  'data.ids': procedure(ListInputSchema.omit({ after: true, limit: true })).returns<Array<number | string>>(),
  /** Queued creates and records with pending edits found by their text as shown come first, marked pending. */
  'data.search': procedure(z.strictObject({ text: z.string().max(200), limit: z.int().min(1).max(100).optional() })).returns<OverlaidSearchHit[]>(),
  'data.counts': procedure(none).returns<Record<ResourceName, number>>(),
  'data.client': procedure(none).returns<ResourceRecords['client'] | null>(),
  /** The values a choice filter (an equals filter of data.list) can take, with their row counts. */
  'data.facets': procedure(z.strictObject({ resource, filter: z.string().max(60) })).returns<Facet[]>(),
  /** Every row of a list's view (its filters, text and sort) as a file: CSV with a header row. */
  'data.export': procedure(ExportInputSchema).returns<ExportFile>(),
  /** The dashboard's aggregates, computed by the mirror (see shared/dashboard.ts). */
  'data.dashboard': procedure(none).returns<DashboardData>(),

  /**
   * The page as a PDF file the person saves where they choose (an invoice's printable copy). Answered by the
   * desktop host with Electron's printToPDF, as the shell sends app.command; the engine has no window to print
   * and refuses it, and a browser tab prints with the browser's own dialog instead.
   */
  'print.savePdf': procedure(
    z.strictObject({ fileName: z.string().regex(/^[\p{L}\p{N} _.-]{1,100}\.pdf$/u, { error: 'must be a file name ending in .pdf' }) }),
  ).returns<{ saved: boolean }>(),

  /**
   * One product group's products read again from the provider (get-filtered-products with its gid) into the mirror,
   * so the shop shows current prices without a full sync; out of reach, the mirror's copy and when it was read.
   */
  'catalogue.refreshGroup': procedure(z.strictObject({ gid: id })).returns<CatalogueGroupCheck>(),
  'catalogue.groups': procedure(none).returns<ProductGroup[]>(),

  /** The Billing screen: the client's invoice figures, credit and income, and the orders not paid (shared/billing.ts). */
  'billing.summary': procedure(none).returns<BillingSummary>(),
  /** The payments (transactions) against an order's invoice. */
  'billing.orderPayments': procedure(z.strictObject({ orderId: id })).returns<OrderPayment[]>(),

  /** Queues a mutation (online or not) and starts replay; the entry shows its local id at once. */
  'outbox.enqueue': procedure(EnqueueInputSchema).returns<OutboxEntry>(),
  /** Queues every edit given, in one transaction (each checked by its kind's schema; one refused queues none). */
  'outbox.enqueueAll': procedure(EnqueueAllInputSchema).returns<OutboxEntry[]>(),
  'contacts.bulkUpdate': procedure(BulkContactUpdateSchema).returns<OutboxEntry[]>(),
  /** What contacts.bulkUpdate would queue for a Contacts list, before anything is queued: how many, and what it skips. */
  'contacts.bulkPreview': procedure(z.strictObject({ shown: ListInputSchema.pick({ filters: true, text: true }) })).returns<BulkPreview>(),
  /** A CSV file of contacts read as contacts.import would queue it: columns, mapping, every row with why it is left out. */
  'contacts.importPreview': procedure(ContactImportSchema).returns<ContactImportPreview>(),
  /** Queues the rows the preview shows valid, one add-contact or update-contact each, in the file's order. */
  'contacts.import': procedure(ContactImportSchema.required({ mapping: true })).returns<ContactImportResult>(),
  /** A field-by-field change's plan: every contact it reaches, before → after, and those left out with the reason. */
  'contacts.bulkPlan': procedure(BulkContactPlanSchema).returns<BulkPlan>(),
  /** Queues the plan's edits (one update-contact per contact it sends), exactly as contacts.bulkPlan shows them. */
  'contacts.bulkEdit': procedure(BulkContactPlanSchema).returns<BulkEditQueued>(),
  /** Every entry the filter matches, newest first (a command, a record's few entries; a screen of the queue reads outbox.page). */
  'outbox.list': procedure(OutboxFilterSchema.optional()).returns<OutboxEntry[]>(),
  /** A window of the entries the filter matches, newest first, with how many match and the counts by state. */
  'outbox.page': procedure(
    OutboxFilterSchema.extend({ offset: z.number().int().min(0), limit: z.number().int().min(1).max(OUTBOX_PAGE_LIMIT) }),
  ).returns<OutboxPage>(),
  'outbox.counts': procedure(none).returns<Record<EntryState, number>>(),
  'outbox.retry': procedure(z.strictObject({ id })).returns<OutboxEntry>(),
  /** New params for an entry, checked against its kind by the outbox (typed as some kind's params: the kind is the entry's). */
  'outbox.edit': procedure(
    checkedAs<{ id: number; params: AnyMutationInput }>(z.strictObject({ id, params: z.record(z.string(), z.unknown()) })),
  ).returns<OutboxEntry>(),
  'outbox.discard': procedure(z.strictObject({ id })).returns<OutboxEntry>(),
  /**
   * Settles an entry that waits because the provider changed its record meanwhile (state `conflict`, its facts in
   * the entry's `conflict`): `mine` sends it over the provider's values, `theirs` drops what conflicts (the
   * entry ends unless something else of it is left). Edit… is outbox.edit, which queues it again.
   */
  'outbox.resolve': procedure(z.strictObject({ id, choice: z.enum(CONFLICT_CHOICES) })).returns<OutboxEntry>(),
  /** A needs-review entry the user found applied on the provider (a create with the id it got there, if known). */
  'outbox.markApplied': procedure(z.strictObject({ id, serverId: id.optional() })).returns<OutboxEntry>(),
  /**
   * An account's outbox file that is damaged, gone or older than it was: the entries that can be read go into a
   * new file (none when there is no file: an empty outbox), the old one is kept aside. The user's word, asked first.
   */
  'outbox.recover': procedure(z.strictObject({ account: AccountNameSchema })).returns<OutboxRecovery>(),

  'domains.whois': procedure(z.strictObject({ domain: domainName, refresh: z.boolean().optional() })).returns<Cached<WhoisResult>>(),
  'domains.whoisInfo': procedure(z.strictObject({ domain: domainName, refresh: z.boolean().optional() })).returns<Cached<WhoisInfo>>(),
  /** The domains checked lately (their availability answers in the mirror), newest first. */
  'domains.recent': procedure(z.strictObject({ limit: z.int().min(1).max(100).optional() }).optional()).returns<DomainCheck[]>(),
  /** The last EPP answer the mirror holds for a domain (requesting one is the domain-request-epp mutation). */
  'domains.epp': procedure(z.strictObject({ domain: domainName })).returns<Cached<EppResult> | null>(),

  /** The renewal of these domains as it would be queued: each with its expiry and price, those left out with why, the total. */
  'domains.renewalPlan': procedure(RenewalInputSchema).returns<RenewalPlan>(),
  /** Queues the plan's renewals as one add-order (domainrenewals); paymentmethod defaults to the account's. */
  'domains.renew': procedure(
    RenewalInputSchema.safeExtend({
      paymentmethod: z.string().trim().min(1).max(100).optional(),
      /** The token of the plan reviewed: refused ('reviewed') when the plan has changed since. */
      reviewed: z.string().max(40).optional(),
    }),
  ).returns<{ plan: RenewalPlan; entry: OutboxEntry }>(),

  /** The payment methods the account's own domains, services and orders use, most used first. */
  'billing.paymentMethods': procedure(none).returns<PaymentMethodUse[]>(),

  /** A form's draft as last saved on this account, or null (drafts: shared/outbox/drafts.ts). */
  'drafts.get': procedure(z.strictObject({ key: DraftKeySchema })).returns<DraftValue | null>(),
  /**
   * What a draft's record was when the draft was first saved (its base: every field of a contact for
   * `update-contact:<id>`, a ticket's status for `add-ticket-reply:<id>`), or null: a form reopened from the draft
   * compares against it, not the record as it is now (the engine does when the edit is queued from the draft).
   */
  'drafts.base': procedure(z.strictObject({ key: DraftKeySchema })).returns<EntryBase | null>(),
  /** Keeps a form's draft; its secret fields and attachments are left out (they stay in the form's memory). */
  'drafts.save': procedure(z.strictObject({ key: DraftKeySchema, value: checkedAs<DraftValue>(DraftValueSchema) })).returns<void>(),
  /** Drops a draft: its form was discarded (queueing drops it too). */
  'drafts.clear': procedure(z.strictObject({ key: DraftKeySchema })).returns<void>(),

  'settings.get': procedure(none).returns<Settings>(),
  'settings.set': procedure(SettingsSchema.partial().strict()).returns<Settings>(),
  /** The issuer's logo (shared/issuer.ts), or null when none is kept. */
  'settings.logo': procedure(none).returns<IssuerLogo | null>(),
  /** Keeps a logo in the data folder in place of the last (its bytes checked to be the image type given), or removes it (null). */
  'settings.setLogo': procedure(z.strictObject({ logo: LogoFileSchema.nullable() })).returns<IssuerLogo | null>(),

  /**
   * An announcement's image, fetched by the engine once the person chose "Show images", as a data: URL the
   * page's CSP allows (shared/announcement-image.ts): https: or loopback http: only, an image type other than
   * SVG, at most 5 MB, within a timeout; refused in words otherwise.
   */
  'announcements.image': procedure(z.strictObject({ url: AnnouncementImageUrlSchema })).returns<AnnouncementImage>(),

  /**
   * A failure in the window nobody handled (a component's error, a promise nobody awaited), written to the
   * engine's log at error level (redacted like every line). Each is reported once per window load.
   */
  'app.reportError': procedure(WindowErrorSchema).returns<void>(),
} as const;

export type ProcedureName = keyof typeof PROCEDURES;
export type ProcedureInput<N extends ProcedureName> = z.input<(typeof PROCEDURES)[N]['input']>;
export type ProcedureOutput<N extends ProcedureName> = NonNullable<(typeof PROCEDURES)[N]['output']> extends never
  ? void
  : Exclude<(typeof PROCEDURES)[N]['output'], undefined>;

/** What the desktop shell's menu and notifications ask the renderer to do. */
export const APP_COMMANDS = ['sync', 'search', 'new-ticket', 'new-contact', 'outbox', 'preferences', 'billing'] as const;
export type AppCommand =
  | { command: (typeof APP_COMMANDS)[number] }
  /** Show one record (a notification was clicked). */
  | { command: 'open-record'; resource: ResourceName; id: number };

export interface EventPayloads {
  'sync.progress': SyncProgress;
  'sync.summary': SyncSummary;
  /** The connection changed state (online, offline, failing, signed out). */
  connectivity: { connection: ConnectionStatus; signedOutReason: string | null };
  /**
   * One write to the outbox (an edit queued, a batch of thousands, a send's answer), once: the counts by state
   * after it, how many entries it changed and of which kinds, and those entries named as the lists name them;
   * in a write of more than OUTBOX_EVENT_ENTRIES, only those not simply queued (a screen of the queue reads
   * again the window it shows, outbox.page).
   */
  'outbox.changed': { entries: OutboxEntry[]; changed: number; kinds: MutationKind[]; counts: Record<EntryState, number> };
  /** Mirror rows changed (after a sync or a confirmed mutation): views of these resources should refresh. */
  'data.changed': { resources: ResourceName[] };
  'accounts.changed': { accounts: AccountSummary[]; current: string | null };
  /** The settings as saved: every window (the desktop's, each browser tab) shows a new language or theme at once. */
  'settings.changed': Settings;
  /** A request to the provider failed for a transient reason and is about to be tried again. */
  'provider.retry': { operation: string; attempt: number; maxAttempts: number; delayMs: number; reason: string };
  /** Sent by the desktop shell (application menu, notifications), never by the engine. */
  'app.command': AppCommand;
}
export type EventName = keyof EventPayloads;

// The name lists live in contract-names.ts (the preload's only import besides bridge.ts); these prove that they
// are exactly the procedures and events above, in both directions, or the type check fails.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const procedureNamesMatch: Same<ProcedureName, ListedProcedureName> = true;
const eventNamesMatch: Same<EventName, ListedEventName> = true;
void procedureNamesMatch;
void eventNamesMatch;

/** What outbox.recover did: where the old file went, the entries carried over and the ids that were lost. */
export interface OutboxRecovery {
  file: string;
  aside: string | null;
  salvaged: number;
  pending: number;
  lost: number[];
  /** Edits not yet sent the account record said the outbox held before. */
  heldPending: number;
}

/** What a failed call carries across the boundary: a code a front end can act on and a sentence for people. */
export interface CallError {
  /**
   * newer_data: a database was written by a newer version of the app (left untouched: update the app).
   * keychain: the OS keychain refused an operation (locked, or access denied).
   */
  code: 'invalid_input' | 'not_found' | 'refused' | 'auth' | 'offline' | 'provider' | 'newer_data' | 'keychain' | 'damaged_data' | 'disk_full' | 'internal';
  message: string;
  /** Per-field messages for forms ("email: must be an e-mail address"). */
  issues?: { field: string; message: string }[];
  /** For a failure of the provider or the network: what a front end needs to say it in words (shared/error-words.ts). */
  facts?: ErrorFacts;
}

export type { AnyMutationInput, MutationKind, ResourceName, ResourceRecords };
export { SYNCED_RESOURCES, EVENT_NAMES, PROCEDURE_NAMES, isProcedureName };
