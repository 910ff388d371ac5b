/** The engine's part of every mutation kind; a kind left out, or a part left out, does not compile. */
import type { MutationKind } from '../../../../shared/outbox/kinds.js';
import { addContact } from './add-contact.js';
import { addOrder } from './add-order.js';
import { addTicketReply } from './add-ticket-reply.js';
import { createInvoice } from './create-invoice.js';
import type { StoredParams } from '../references.js';
import type { Confirmed, OutboxClient } from '../send.js';
import type { ReconcileContext, Verdict } from '../server-match.js';
import type { EngineDefinition, OverlayPart } from './definition.js';
import type { FreshnessRule } from './freshness.js';
import { deleteContact } from './delete-contact.js';
import { domainRequestEpp } from './domain-request-epp.js';
import { openTicket } from './open-ticket.js';
import { updateContact } from './update-contact.js';

const ENGINE: { readonly [K in MutationKind]: EngineDefinition<K> } = {
  'add-contact': addContact,
  'update-contact': updateContact,
  'delete-contact': deleteContact,
  'open-ticket': openTicket,
  'add-ticket-reply': addTicketReply,
  'create-invoice': createInvoice,
  'add-order': addOrder,
  'domain-request-epp': domainRequestEpp,
};

/**
 * The part of a kind looked up by an entry's kind at run time: the params it is given are the entry's, checked
 * against that kind's schema when queued or edited (the compiler cannot follow a kind read from a row).
 */
export interface AnyEngineDefinition {
  recordKey: ((params: StoredParams) => string) | null;
  send(client: OutboxClient, params: StoredParams, attachments: ReadonlyMap<number, Uint8Array>): Promise<Confirmed>;
  overlay: OverlayPart<MutationKind> | readonly OverlayPart<MutationKind>[];
  reconcile(ctx: ReconcileContext, params: StoredParams): Promise<Verdict>;
  freshness?: FreshnessRule<StoredParams>;
}

export function engineOf(kind: MutationKind): AnyEngineDefinition {
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- an engine definition looked up by kind: the compiler cannot correlate ENGINE[K] with K's params
  return ENGINE[kind] as unknown as AnyEngineDefinition;
}

export { queuedInvoice } from './create-invoice.js';
export type { Fields, OverlayPart, OverlayResource, OverlayRowTypes } from './definition.js';
