/** Sending one entry: its params as the client's typed params (mutations/), and the reply as the entry's result. */
import type { ResellerClient } from '../api/client.js';
import type { MutationResult } from '../../../shared/outbox/entry.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { EntryRow } from './entry-row.js';
import { engineOf } from './mutations/index.js';
import type { StoredParams } from './references.js';

/** The part of ResellerClient the outbox uses (writes, and the reads that reconcile them). */
export type OutboxClient = Pick<
  ResellerClient,
  | 'addContact'
  | 'updateContact'
  | 'deleteContact'
  | 'openTicket'
  | 'addTicketReply'
  | 'createInvoice'
  | 'addOrder'
  | 'domainRequestEpp'
  | 'getContacts'
  | 'getTickets'
  | 'getOrders'
  | 'getClientsDetails'
  | 'getClientsDomains'
>;

export interface Confirmed<K extends MutationKind = MutationKind> {
  result: MutationResult<K>;
  /** A create's record id on the server (what its local id stands for); null otherwise or when not given. */
  serverId: number | null;
}

/**
 * Sends the entry with `params`: its stored params with their secrets opened (EntryStore.paramsToSend). ApiErrors
 * from the client pass through for the replayer to judge.
 */
export function sendEntry(client: OutboxClient, row: EntryRow, params: StoredParams, attachments: ReadonlyMap<number, Uint8Array>): Promise<Confirmed> {
  return engineOf(row.kind).send(client, params, attachments);
}
