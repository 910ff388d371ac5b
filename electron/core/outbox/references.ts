/**
 * How an entry names its record (the record key that orders replay) and the other records it refers to.
 *
 * A record key is `<resource>:<id>`: `contact:123`, `contact:local:7`, `ticket:45`, `invoice:local:3`,
 * `order:local:4`, `domain:88` (or `domain:example.com` for an EPP request by name). Entries with the same key
 * replay in entry order. When a create succeeds, its local id is replaced by the server id in the params and
 * keys of every entry that used it, so later edits made against the server id share the same key.
 */
import { CREATED_RESOURCE, isCreate, type CreateKind, type MutationKind } from '../../../shared/outbox/kinds.js';
import { entryIdOf, isLocalId, type LocalId } from '../../../shared/outbox/local-ids.js';

/** Params as stored: JSON values keyed by the API's field names. */
export type StoredParams = Record<string, unknown>;

interface RefField {
  field: 'contactid' | 'ticketid';
  /** The kind of create a local id in this field must come from. */
  create: CreateKind;
}

const CONTACT: RefField = { field: 'contactid', create: 'add-contact' };
const TICKET: RefField = { field: 'ticketid', create: 'open-ticket' };

const REF_FIELDS: Record<MutationKind, readonly RefField[]> = {
  'add-contact': [],
  'update-contact': [CONTACT],
  'delete-contact': [CONTACT],
  'open-ticket': [CONTACT],
  'add-ticket-reply': [TICKET, CONTACT],
  'create-invoice': [],
  'add-order': [CONTACT],
  'domain-request-epp': [],
};

export interface LocalRef extends RefField {
  localId: LocalId;
  /** The create entry behind the local id. */
  entryId: number;
}

/** The local ids an entry's params refer to: each is a queued create this entry must wait for. */
export function localRefs(kind: MutationKind, params: StoredParams): LocalRef[] {
  return REF_FIELDS[kind].flatMap((ref) => {
    const value = params[ref.field];
    return isLocalId(value) ? [{ ...ref, localId: value, entryId: entryIdOf(value)! }] : [];
  });
}

/** Params with every use of `localId` replaced by `serverId` (the same object when nothing changes). */
export function replaceLocalId(kind: MutationKind, params: StoredParams, localId: LocalId, serverId: number): StoredParams {
  const fields = REF_FIELDS[kind].filter((ref) => params[ref.field] === localId);
  if (fields.length === 0) return params;
  return { ...params, ...Object.fromEntries(fields.map((ref) => [ref.field, serverId])) };
}

/** The record an entry changes. A create's key holds its local id until `serverId` is known. */
export function recordKeyOf(kind: MutationKind, params: StoredParams, entryId: number, serverId: number | null = null): string {
  if (isCreate(kind)) return `${CREATED_RESOURCE[kind]}:${serverId ?? `local:${entryId}`}`;
  switch (kind) {
    case 'update-contact':
    case 'delete-contact':
      return `contact:${String(params.contactid)}`;
    case 'add-ticket-reply':
      return `ticket:${String(params.ticketid)}`;
    case 'domain-request-epp':
      return params.domainid !== undefined ? `domain:${String(params.domainid)}` : `domain:${String(params.domainname).toLowerCase()}`;
  }
}
