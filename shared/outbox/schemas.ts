/**
 * What each queued mutation may carry, checked with zod on enqueue and on every edit. Field names are the
 * API's (api-spec.md); messages name the field and say what is expected. Only shapes are checked here: what
 * the provider alone can judge (is this country code real, is that domain free) it judges when the entry is
 * sent, and its refusal is kept on the entry.
 *
 * Ids of records that exist only in the outbox so far are written as local ids (`local:7`).
 */
import { z } from 'zod';
import { normalizeDate } from '../dates.js';
import { toCents } from '../money.js';
import { ATTACHMENT_LIMITS, attachmentBytes, attachmentTypeProblem, checkMessageSize } from './attachments.js';
import { MUTATION_KINDS, type MutationKind } from './kinds.js';
import { ISSUE_MESSAGES } from './issue-messages.js';
import { isLocalId, type LocalId } from './local-ids.js';

const requiredOr = (message: string) => (issue: { input: unknown }) => (issue.input === undefined ? ISSUE_MESSAGES.required : message);

const text = z.string({ error: ISSUE_MESSAGES.text });
const nonEmptyText = z.string({ error: requiredOr(ISSUE_MESSAGES.text) }).trim().min(1, { error: ISSUE_MESSAGES.notEmpty });
const flag = z.boolean({ error: ISSUE_MESSAGES.trueOrFalse });
const id = z.int({ error: requiredOr(ISSUE_MESSAGES.wholeNumber) }).positive({ error: ISSUE_MESSAGES.aboveZero });

const REF_MESSAGE = ISSUE_MESSAGES.recordId;
/** A record id on the server, or the local id of a queued create. */
const ref = z.union(
  [
    z.int({ error: REF_MESSAGE }).positive({ error: REF_MESSAGE }),
    z.custom<LocalId>(isLocalId, { error: REF_MESSAGE }),
  ],
  { error: requiredOr(REF_MESSAGE) },
);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const email = z.string({ error: ISSUE_MESSAGES.text }).trim().regex(EMAIL, { error: ISSUE_MESSAGES.email });
const country = z.string({ error: ISSUE_MESSAGES.text }).trim().regex(/^[A-Za-z]{2}$/, { error: ISSUE_MESSAGES.country });

const isoDate = z
  .string({ error: ISSUE_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ISSUE_MESSAGES.dateWritten })
  .refine((value) => normalizeDate(value) === value, { error: ISSUE_MESSAGES.realDate });

const MONEY = ISSUE_MESSAGES.money;
const amount = z
  .union([z.string({ error: MONEY }), z.number({ error: MONEY })], { error: requiredOr(MONEY) })
  .refine(isMoney, { error: MONEY });

const taxRate = z.number({ error: ISSUE_MESSAGES.percentage }).min(0, { error: ISSUE_MESSAGES.atLeastZero }).max(100, { error: ISSUE_MESSAGES.atMost100 });

/** Custom field values keyed by the custom field's id. */
const customFields = z.record(z.string().regex(/^\d+$/, { error: 'keys must be custom field ids' }), text, {
  error: 'must map custom field ids to text',
});

const FILE_NAME = ISSUE_MESSAGES.fileName;
const fileName = nonEmptyText.refine((name) => !/[/\\|\0]/.test(name) && name !== '.' && name !== '..', { error: FILE_NAME });

/** An attachment of a queued ticket or reply, as it is stored: the bytes live in the outbox database. */
export interface StoredAttachment {
  attachmentId: number;
  name: string;
  size: number;
}

const ATTACHMENT = 'must be {name, type, data: bytes} or a stored attachment {attachmentId}';
const newAttachment = z
  .strictObject({ name: fileName, type: z.string().max(100).optional(), data: attachmentBytes })
  .superRefine(({ name, type }, ctx) => {
    const problem = attachmentTypeProblem(name, type);
    if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
  });
const storedAttachment = z.strictObject({ attachmentId: id, name: text.optional(), size: z.int().optional() });
/**
 * New bytes or a stored attachment, told apart by their keys, so that the issues of the form that applies are
 * kept (a zod union that fails reports only that no member matched).
 */
// eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- an attachment schema that picks one of two forms by its keys, in a transform zod cannot type
const attachment = z.unknown().transform((value, ctx) => {
  const form = typeof value !== 'object' || value === null ? null : 'attachmentId' in value ? storedAttachment : 'data' in value ? newAttachment : null;
  if (!form) {
    ctx.addIssue({ code: 'custom', message: ATTACHMENT });
    return z.NEVER;
  }
  const parsed = form.safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  return z.NEVER;
}) as unknown as z.ZodType<z.output<typeof newAttachment> | z.output<typeof storedAttachment>, z.input<typeof newAttachment> | z.input<typeof storedAttachment>>;
const attachments = z
  .array(attachment, { error: 'must be a list of attachments' })
  .max(ATTACHMENT_LIMITS.count, { error: `at most ${ATTACHMENT_LIMITS.count} attachments to a message` })
  .superRefine(checkMessageSize);

const strict = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : 'must be an object'),
  });

const contactFields = {
  firstname: text.optional(),
  lastname: text.optional(),
  companyname: text.optional(),
  email: email.optional(),
  address1: text.optional(),
  address2: text.optional(),
  city: text.optional(),
  state: text.optional(),
  postcode: text.optional(),
  country: country.optional(),
  phonenumber: text.optional(),
  password2: nonEmptyText.optional(),
  generalemails: flag.optional(),
  productemails: flag.optional(),
  domainemails: flag.optional(),
  invoiceemails: flag.optional(),
  supportemails: flag.optional(),
};

const addContact = strict({ ...contactFields, tax_id: text.optional() }).superRefine((params, ctx) => {
  if (![params.firstname, params.lastname, params.companyname, params.email].some((v) => v?.trim())) {
    ctx.addIssue({ code: 'custom', path: ['firstname'], message: ISSUE_MESSAGES.contactNamed });
  }
});

const updateContact = strict({ contactid: ref, subaccount: flag.optional(), ...contactFields }).superRefine((params, ctx) => {
  if (Object.keys(params).every((key) => key === 'contactid')) {
    ctx.addIssue({ code: 'custom', path: ['contactid'], message: ISSUE_MESSAGES.nothingToChange });
  }
});

const deleteContact = strict({ contactid: ref });

const ticketAuthor = {
  contactid: ref.optional(),
  name: nonEmptyText.optional(),
  email: email.optional(),
};

/** contactid, or name and email together (a non-client author). */
function checkAuthor(params: { contactid?: unknown; name?: string; email?: string }, ctx: z.RefinementCtx): void {
  const named = params.name !== undefined || params.email !== undefined;
  if (named && params.contactid !== undefined) ctx.addIssue({ code: 'custom', path: ['contactid'], message: 'give either contactid or name and email, not both' });
  if (named && (params.name === undefined || params.email === undefined)) {
    ctx.addIssue({ code: 'custom', path: [params.name === undefined ? 'name' : 'email'], message: 'name and email go together' });
  }
}

const openTicket = strict({
  deptid: id,
  subject: nonEmptyText,
  message: nonEmptyText,
  ...ticketAuthor,
  serviceid: id.optional(),
  domainid: id.optional(),
  markdown: flag.optional(),
  customfields: customFields.optional(),
  attachments: attachments.optional(),
  priority: z.enum(['Low', 'Medium', 'High'], { error: ISSUE_MESSAGES.priority }).optional(),
}).superRefine((params, ctx) => {
  checkAuthor(params, ctx);
  if (params.serviceid !== undefined && params.domainid !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['domainid'], message: 'give only one of serviceid and domainid' });
  }
});

const addTicketReply = strict({
  ticketid: ref,
  message: nonEmptyText,
  ...ticketAuthor,
  markdown: flag.optional(),
  useMarkdown: flag.optional(),
  customfields: customFields.optional(),
  attachments: attachments.optional(),
}).superRefine(checkAuthor);

export const INVOICE_STATUSES = ['Draft', 'Unpaid', 'Paid', 'Cancelled', 'Refunded', 'Collections', 'Payment Pending'] as const;

const invoiceItem = strict({ description: nonEmptyText, amount, taxed: flag.optional() });

const createInvoice = strict({
  status: z.enum(INVOICE_STATUSES, { error: `must be one of ${INVOICE_STATUSES.join(', ')}` }).optional(),
  draft: flag.optional(),
  taxrate: taxRate.optional(),
  taxrate2: taxRate.optional(),
  date: isoDate.optional(),
  duedate: isoDate.optional(),
  notes: text.optional(),
  items: z.array(invoiceItem, { error: 'must be a list of line items' }).optional(),
}).superRefine((params, ctx) => {
  if (params.draft === true && params.status !== undefined && params.status !== 'Draft') {
    ctx.addIssue({ code: 'custom', path: ['status'], message: `contradicts draft: a draft invoice cannot be ${params.status}` });
  }
});

// Bounds and checks on zod's core types, not z.ZodType: relating a classic schema to z.ZodType made the compiler
// measure zod's whole class hierarchy, a second of every type check that reads this file.
const list = <T extends z.core.SomeType>(item: T) => z.array(item, { error: 'must be a list' });

const addOrder = strict({
  pid: list(id).optional(),
  domain: list(text).optional(),
  billingcycle: list(text).optional(),
  // '' holds the place of a domain that only names a product's domain (hosting on a domain already held).
  domaintype: list(z.enum(['register', 'transfer', ''], { error: "must be register, transfer or '' (the product's domain, nothing to order)" })).optional(),
  regperiod: list(id).optional(),
  eppcode: list(text).optional(),
  nameserver1: text.optional(),
  nameserver2: text.optional(),
  nameserver3: text.optional(),
  nameserver4: text.optional(),
  nameserver5: text.optional(),
  customfields: list(customFields).optional(),
  configoptions: list(z.record(z.string().regex(/^\d+$/, { error: 'keys must be configurable option ids' }), z.int({ error: 'must be an option id' }))).optional(),
  promocode: text.optional(),
  affid: id.optional(),
  addons: list(list(id)).optional(),
  hostname: list(text).optional(),
  ns1prefix: list(text).optional(),
  ns2prefix: list(text).optional(),
  rootpw: list(text).optional(),
  contactid: ref.optional(),
  dnsmanagement: flag.optional(),
  domainfields: list(z.union([list(text), z.record(z.string(), text)], { error: 'must be a list of values or a map of named values' })).optional(),
  emailforwarding: list(flag).optional(),
  idprotection: list(flag).optional(),
  domainrenewals: z.record(nonEmptyText, id, { error: 'must map domain names to whole years' }).optional(),
  addonid: id.optional(),
  serviceid: id.optional(),
  addonids: list(id).optional(),
  serviceids: list(id).optional(),
  paymentmethod: nonEmptyText.optional(),
  /**
   * Not the provider's: the price the form showed for the whole order, in the account's currency, so the queued
   * order shows it until the provider's own amount is synced. Never sent (mutations/add-order.ts drops it).
   */
  shownprice: amount.optional(),
}).superRefine((params, ctx) => {
  const ordersSomething =
    (params.pid?.length ?? 0) > 0 ||
    (params.domaintype ?? []).some((type) => type !== '') ||
    Object.keys(params.domainrenewals ?? {}).length > 0 ||
    params.addonid !== undefined ||
    (params.addonids?.length ?? 0) > 0;
  if (!ordersSomething) {
    ctx.addIssue({ code: 'custom', path: ['pid'], message: 'nothing to order: give pid, domain with domaintype, domainrenewals, addonid or addonids' });
  }
  if ((params.domaintype?.length ?? 0) > (params.domain?.length ?? 0)) {
    ctx.addIssue({ code: 'custom', path: ['domain'], message: 'each domaintype needs its domain at the same position' });
  }
  if ((params.addonids?.length ?? 0) !== (params.serviceids?.length ?? 0)) {
    ctx.addIssue({ code: 'custom', path: ['serviceids'], message: 'addonids and serviceids go in pairs: give as many of each' });
  }
  if ((params.addonid === undefined) !== (params.serviceid === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['serviceid'], message: 'addonid and serviceid go together' });
  }
});

const domainRequestEpp = strict({ domainid: id.optional(), domainname: nonEmptyText.optional() }).superRefine((params, ctx) => {
  if ((params.domainid === undefined) === (params.domainname === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['domainid'], message: 'give exactly one of domainid and domainname' });
  }
});

export const PARAM_SCHEMAS = {
  'add-contact': addContact,
  'update-contact': updateContact,
  'delete-contact': deleteContact,
  'open-ticket': openTicket,
  'add-ticket-reply': addTicketReply,
  'create-invoice': createInvoice,
  'add-order': addOrder,
  'domain-request-epp': domainRequestEpp,
} satisfies Record<MutationKind, z.core.SomeType>;

/** What a caller passes for a kind (attachments as bytes or stored attachments, never paths). */
export type MutationInput<K extends MutationKind> = z.input<(typeof PARAM_SCHEMAS)[K]>;
/** Params after validation. */
export type MutationParams<K extends MutationKind> = z.output<(typeof PARAM_SCHEMAS)[K]>;

/** A mutation to queue: its kind and the operation's parameters. */
export type Mutation = { [K in MutationKind]: { kind: K; params: MutationInput<K> } }[MutationKind];
export type AnyMutationInput = MutationInput<MutationKind>;

export type AttachmentInput = NonNullable<MutationParams<'open-ticket'>['attachments']>[number];

export interface ValidationIssue {
  /** The offending field as a path, e.g. `items[1].amount`; '' for the params as a whole. */
  field: string;
  message: string;
}

/** Params that do not fit their kind. `message` lists every issue as `field: problem`. */
export class OutboxValidationError extends Error {
  override readonly name = 'OutboxValidationError';

  constructor(
    readonly kind: string,
    readonly issues: ValidationIssue[],
  ) {
    super(`${kind}: ${issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ')}`);
  }
}

export function isMutationKind(value: unknown): value is MutationKind {
  return typeof value === 'string' && (MUTATION_KINDS as readonly string[]).includes(value);
}

export function validateParams<K extends MutationKind>(kind: K, params: unknown): MutationParams<K> {
  if (!isMutationKind(kind)) {
    throw new OutboxValidationError(String(kind), [{ field: 'kind', message: `unknown mutation; expected one of ${MUTATION_KINDS.join(', ')}` }]);
  }
  const parsed = PARAM_SCHEMAS[kind].safeParse(params);
  if (parsed.success) return parsed.data as MutationParams<K>;
  throw new OutboxValidationError(kind, parsed.error.issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message })));
}

/** The issues validateParams would throw with; empty when the params fit their kind. */
export function paramIssues(kind: MutationKind, params: unknown): ValidationIssue[] {
  const parsed = PARAM_SCHEMAS[kind].safeParse(params);
  return parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: fieldPath(issue.path), message: issue.message }));
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i > 0 ? '.' : ''}${String(part)}`)).join('');
}

/** A decimal with at most two places; numbers too (toCents alone would round 1.005 silently). */
function isMoney(value: string | number): boolean {
  if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)) return false;
  try {
    toCents(value);
    return true;
  } catch {
    return false;
  }
}
