/**
 * The engine's part of a mutation kind (the shared part: shared/outbox/definitions.ts): how it is keyed, sent,
 * laid over the mirror and reconciled after a lost reply. mutations/index.ts maps every kind to its part.
 */
import type { Contact, Domain, Invoice, Order, Ticket } from '../../../../shared/models.js';
import type { CreateKind } from '../../../../shared/outbox/definitions.js';
import type { OutboxEntryOf } from '../../../../shared/outbox/entry.js';
import type { MutationKind } from '../../../../shared/outbox/kinds.js';
import type { MutationParams } from '../../../../shared/outbox/schemas.js';
import type { PendingMark } from '../../../../shared/queries.js';
import type { Confirmed, OutboxClient } from '../send.js';
import type { ReconcileContext, Verdict } from '../server-match.js';
import type { FreshnessRule } from './freshness.js';

export interface OverlayRowTypes {
  contacts: Contact;
  tickets: Ticket;
  orders: Order;
  invoices: Invoice;
  domains: Domain;
}
export type OverlayResource = keyof OverlayRowTypes;

/** A row's fields besides its id. */
export type Fields<T> = Omit<T, 'id'>;

/** How a pending entry of kind K shows in the list of the resource its record belongs to. */
export type OverlayPart<K extends MutationKind> = {
  [R in OverlayResource]: {
    resource: R;
    /** The row a pending create shows (null: none here, as for an order that registers no domain, in Domains). */
    created?: (entry: OutboxEntryOf<K>) => Fields<OverlayRowTypes[R]> | null;
    /** A pending field edit applied over the row. */
    edited?: (row: Fields<OverlayRowTypes[R]>, entry: OutboxEntryOf<K>) => Fields<OverlayRowTypes[R]>;
    /** The row shows as to be deleted (kept, marked, not hidden). */
    deletes?: true;
    /** Marks on rows the entry concerns without editing them, by record key (`domain:example.com` for a renewal). */
    marks?: (entry: OutboxEntryOf<K>) => { key: string; mark: PendingMark }[];
  };
}[OverlayResource];

export interface EngineDefinition<K extends MutationKind> {
  /** The record a non-create changes (`contact:12`); a create is keyed by what it creates (references.ts). */
  recordKey: K extends CreateKind ? null : (params: MutationParams<K>) => string;
  /**
   * Sends the entry's params (secrets opened, every local id replaced by a server id); ApiErrors from the
   * client pass through for the replayer to judge. `attachments`: the bytes the outbox stores, by id.
   */
  send(client: OutboxClient, params: MutationParams<K>, attachments: ReadonlyMap<number, Uint8Array>): Promise<Confirmed<K>>;
  /** How it shows in the list of its record's resource, and in others' (an order's domains in Domains). */
  overlay: OverlayPart<K> | readonly OverlayPart<K>[];
  /** What became of an entry found `sending` (reconcile.ts); `params` without its secrets. */
  reconcile(ctx: ReconcileContext, params: MutationParams<K>): Promise<Verdict<K>>;
  /** What an entry is made on, and what of it goes once the provider's state is read (issue 34); none for a kind with nothing on the provider to have changed. */
  freshness?: FreshnessRule<MutationParams<K>>;
}
