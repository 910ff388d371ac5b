/**
 * One definition per mutation kind: everything about a kind that the engine and every front end share. The
 * map is typed `{ [K in MutationKind]: MutationDefinition<K> }`, so a kind without a definition, or a
 * definition without one of its parts, does not compile. How a kind is sent, laid over the mirror and
 * reconciled is the engine's part (electron/core/outbox/mutations/).
 */
import type { ResourceName } from '../records.js';
import type { ResultMap } from './entry.js';
import type { MutationKind } from './kinds.js';
import { PARAM_SCHEMAS, type MutationParams } from './schemas.js';

/** Kinds that create a record: each gets a local id at once and a server id when it succeeds. */
export type CreateKind = 'add-contact' | 'open-ticket' | 'create-invoice' | 'add-order';

/** The record a create makes, as it appears in record keys (`contact:local:7`, `contact:123`). */
export type CreatedResource = 'contact' | 'ticket' | 'invoice' | 'order';

/** A field of the params that may hold the id, or the local id, of a record another entry creates. */
export interface RefField {
  field: 'contactid' | 'ticketid';
  /** The kind of create a local id in this field must come from. */
  create: CreateKind;
}

/** Top-level keys of a type that is maybe a union (the keys every member has). */
type FieldOf<T> = Extract<keyof T, string>;

export interface MutationDefinition<K extends MutationKind> {
  /** What the params may be (checked on enqueue and on every edit). */
  schema: (typeof PARAM_SCHEMAS)[K];
  /** The record a create makes; null for the others. */
  creates: K extends CreateKind ? CreatedResource : null;
  /**
   * Sending it twice has the same effect as once, so after a lost reply it is simply sent again. The others
   * (creates and ticket replies) are matched against the server first (architecture rule 4).
   */
  idempotent: boolean;
  /**
   * It moves the account's invoice statistics, which is how a create-invoice whose reply was lost is
   * recognised: so at most one such entry is unconfirmed at a time.
   */
  touchesInvoiceStats: boolean;
  /** Params fields that may refer to a record created by another entry. */
  references: readonly RefField[];
  /** The resources whose views change when it is queued, changed or confirmed. */
  changes: readonly ResourceName[];
  /**
   * Params that are secrets (passwords, EPP codes): sealed at rest while the entry may still be sent, dropped
   * from it once it is settled, masked wherever the entry is shown (secrets.ts).
   */
  secretParams: readonly FieldOf<MutationParams<K>>[];
  /** Result fields that are secrets: sealed at rest, masked wherever the entry is shown. */
  secretResult: readonly FieldOf<ResultMap[K]>[];
  /**
   * Which param a refusal names when the provider says it only in words ("Invalid Country Code": country),
   * tried in order: so the fix form puts the words under that field. A refusal none matches stays general.
   */
  refusalFields: readonly MessageField[];
}

/** A provider's refusal, matched by its words, and the param it is about. */
export interface MessageField {
  match: RegExp;
  field: string;
}

const CONTACT_REFUSALS: readonly MessageField[] = [
  { match: /country/i, field: 'country' },
  { match: /e-?mail/i, field: 'email' },
  { match: /phone/i, field: 'phonenumber' },
  { match: /state|region/i, field: 'state' },
  { match: /post ?code|zip/i, field: 'postcode' },
];

const CONTACT: RefField = { field: 'contactid', create: 'add-contact' };
const TICKET: RefField = { field: 'ticketid', create: 'open-ticket' };

export const MUTATIONS: { readonly [K in MutationKind]: MutationDefinition<K> } = {
  'add-contact': {
    schema: PARAM_SCHEMAS['add-contact'],
    creates: 'contact',
    idempotent: false,
    touchesInvoiceStats: false,
    references: [],
    changes: ['contacts'],
    secretParams: ['password2'],
    secretResult: [],
    refusalFields: CONTACT_REFUSALS,
  },
  'update-contact': {
    schema: PARAM_SCHEMAS['update-contact'],
    creates: null,
    idempotent: true,
    touchesInvoiceStats: false,
    references: [CONTACT],
    changes: ['contacts'],
    secretParams: ['password2'],
    secretResult: [],
    refusalFields: CONTACT_REFUSALS,
  },
  'delete-contact': {
    schema: PARAM_SCHEMAS['delete-contact'],
    creates: null,
    idempotent: true,
    touchesInvoiceStats: false,
    references: [CONTACT],
    changes: ['contacts'],
    secretParams: [],
    secretResult: [],
    refusalFields: [],
  },
  'open-ticket': {
    schema: PARAM_SCHEMAS['open-ticket'],
    creates: 'ticket',
    idempotent: false,
    touchesInvoiceStats: false,
    references: [CONTACT],
    changes: ['tickets'],
    secretParams: [],
    // The access code: whoever has it reads and answers the ticket without signing in.
    secretResult: ['c'],
    refusalFields: [
      { match: /e-?mail/i, field: 'email' },
      { match: /priority/i, field: 'priority' },
      { match: /department/i, field: 'deptid' },
    ],
  },
  'add-ticket-reply': {
    schema: PARAM_SCHEMAS['add-ticket-reply'],
    creates: null,
    idempotent: false,
    touchesInvoiceStats: false,
    references: [TICKET, CONTACT],
    changes: ['tickets'],
    secretParams: [],
    secretResult: [],
    refusalFields: [{ match: /e-?mail/i, field: 'email' }],
  },
  'create-invoice': {
    schema: PARAM_SCHEMAS['create-invoice'],
    creates: 'invoice',
    idempotent: false,
    touchesInvoiceStats: true,
    references: [],
    changes: ['invoices'],
    secretParams: [],
    secretResult: [],
    refusalFields: [
      { match: /status/i, field: 'status' },
      { match: /taxrate2/i, field: 'taxrate2' },
      { match: /taxrate/i, field: 'taxrate' },
      { match: /duedate/i, field: 'duedate' },
      { match: /date/i, field: 'date' },
    ],
  },
  'add-order': {
    schema: PARAM_SCHEMAS['add-order'],
    creates: 'order',
    idempotent: false,
    touchesInvoiceStats: true,
    references: [CONTACT],
    changes: ['orders', 'services', 'domains'],
    secretParams: ['eppcode', 'rootpw'],
    secretResult: [],
    refusalFields: [
      { match: /payment method/i, field: 'paymentmethod' },
      { match: /promotion code|promo/i, field: 'promocode' },
      // A registry's TLD-specific fields (shared/domain-fields.ts): the sandbox's "Required Domain Fields Missing or Invalid".
      { match: /domain ?fields|additional (domain )?fields/i, field: 'domainfields' },
      { match: /affiliate/i, field: 'affid' },
      { match: /nameserver1/i, field: 'nameserver1' },
      { match: /nameserver2/i, field: 'nameserver2' },
    ],
  },
  'domain-request-epp': {
    schema: PARAM_SCHEMAS['domain-request-epp'],
    creates: null,
    idempotent: true,
    touchesInvoiceStats: false,
    references: [],
    changes: ['domains'],
    secretParams: [],
    // The app shows the code from the mirror's sealed cache (domains.epp), not from the entry.
    secretResult: ['eppCode', 'eppCodeRaw'],
    refusalFields: [],
  },
};

export function definitionOf<K extends MutationKind>(kind: K): MutationDefinition<K> {
  return MUTATIONS[kind] as MutationDefinition<K>;
}

export function isCreate(kind: MutationKind): kind is CreateKind {
  return MUTATIONS[kind].creates !== null;
}

/** The record a create makes (`contact` for add-contact). */
export function createdResource(kind: CreateKind): CreatedResource {
  return MUTATIONS[kind].creates;
}

export function isIdempotent(kind: MutationKind): boolean {
  return MUTATIONS[kind].idempotent;
}

export function touchesInvoiceStats(kind: MutationKind): boolean {
  return MUTATIONS[kind].touchesInvoiceStats;
}

/** The resources whose views change with an entry of this kind. */
export function changedResources(kind: MutationKind): ResourceName[] {
  return [...MUTATIONS[kind].changes];
}

/** The params a refusal names by its words (definitions' refusalFields): the first match, or none. */
export function refusalIssues(kind: MutationKind, message: string): Array<{ field: string; message: string }> {
  const found = MUTATIONS[kind].refusalFields.find(({ match }) => match.test(message));
  return found ? [{ field: found.field, message }] : [];
}

/** Kinds that delete their record: lists show it struck through until sent, with Undo (discard). */
export const DELETE_KINDS: readonly MutationKind[] = ['delete-contact'];
