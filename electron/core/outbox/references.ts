/**
 * How an entry names its record (the record key that orders replay) and the other records it refers to.
 *
 * A record key is `<resource>:<id>`: `contact:123`, `contact:local:7`, `ticket:45`, `invoice:local:3`,
 * `order:local:4`, `domain:88` (or `domain:example.com` for an EPP request by name). Entries with the same key
 * replay in entry order. When a create succeeds, its local id is replaced by the server id in the params and
 * keys of every entry that used it, so later edits made against the server id share the same key.
 */
import { MUTATIONS, type RefField } from '../../../shared/outbox/definitions.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import { entryIdOf, isLocalId, localIdOf, type LocalId } from '../../../shared/outbox/local-ids.js';
import { engineOf } from './mutations/index.js';

/** Params as stored: JSON values keyed by the API's field names. */
export type StoredParams = Record<string, unknown>;

const refFieldsOf = (kind: MutationKind): readonly RefField[] => MUTATIONS[kind].references;

export interface LocalRef extends RefField {
  localId: LocalId;
  /** The create entry behind the local id. */
  entryId: number;
}

/** The local ids an entry's params refer to: each is a queued create this entry must wait for. */
export function localRefs(kind: MutationKind, params: StoredParams): LocalRef[] {
  return refFieldsOf(kind).flatMap((ref) => {
    const value = params[ref.field];
    return isLocalId(value) ? [{ ...ref, localId: value, entryId: entryIdOf(value)! }] : [];
  });
}

/** Params with every use of `localId` replaced by `serverId` (the same object when nothing changes). */
export function replaceLocalId(kind: MutationKind, params: StoredParams, localId: LocalId, serverId: number): StoredParams {
  const fields = refFieldsOf(kind).filter((ref) => params[ref.field] === localId);
  if (fields.length === 0) return params;
  return { ...params, ...Object.fromEntries(fields.map((ref) => [ref.field, serverId])) };
}

/** The record an entry changes. A create's key holds its local id until `serverId` is known. */
export function recordKeyOf(kind: MutationKind, params: StoredParams, entryId: number, serverId: number | null = null): string {
  const created = MUTATIONS[kind].creates;
  if (created !== null) return `${created}:${serverId ?? localIdOf(entryId)}`;
  return engineOf(kind).recordKey!(params);
}
