/** Sending one entry: its stored params as the client's typed params, and the reply as the entry's result. */
import type { ResellerClient } from '../api/client.js';
import type { AttachmentBytes } from '../api/encoders.js';
import { ApiError } from '../api/errors.js';
import type { MutationResult } from '../../../shared/outbox/entry.js';
import type { EntryRow } from './entry-row.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { LocalId } from '../../../shared/outbox/local-ids.js';
import type { MutationParams, StoredAttachment } from '../../../shared/outbox/schemas.js';

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
>;

export interface Confirmed {
  result: MutationResult<MutationKind>;
  /** A create's record id on the server (what its local id stands for); null otherwise or when not given. */
  serverId: number | null;
}

/** An entry's params as stored (validated when queued or edited); the caller names the entry's kind. */
export function storedParams<K extends MutationKind>(row: EntryRow): MutationParams<K> {
  return JSON.parse(row.params) as MutationParams<K>;
}

/** Sends the entry; ApiErrors from the client pass through for the replayer to judge. */
export async function sendEntry(client: OutboxClient, row: EntryRow, stored: ReadonlyMap<number, Uint8Array>): Promise<Confirmed> {
  const attachments = (list: StoredAttachment[] | undefined) => list?.map((a) => attachmentBytes(a, stored));
  switch (row.kind) {
    case 'add-contact': {
      const result = await client.addContact(storedParams<'add-contact'>(row));
      return { result, serverId: result.contactId };
    }
    case 'update-contact': {
      const params = storedParams<'update-contact'>(row);
      return { result: await client.updateContact({ ...params, contactid: serverId(params.contactid) }), serverId: null };
    }
    case 'delete-contact': {
      const contactid = serverId(storedParams<'delete-contact'>(row).contactid);
      return { result: await deleteContact(client, contactid), serverId: null };
    }
    case 'open-ticket': {
      const params = storedParams<'open-ticket'>(row);
      const result = await client.openTicket({
        ...params,
        contactid: optionalServerId(params.contactid),
        attachments: attachments(params.attachments as StoredAttachment[] | undefined),
      });
      return { result, serverId: result.id };
    }
    case 'add-ticket-reply': {
      const params = storedParams<'add-ticket-reply'>(row);
      const ticketId = serverId(params.ticketid);
      await client.addTicketReply({
        ...params,
        ticketid: ticketId,
        contactid: optionalServerId(params.contactid),
        attachments: attachments(params.attachments as StoredAttachment[] | undefined),
      });
      return { result: { ticketId }, serverId: null };
    }
    case 'create-invoice': {
      const result = await client.createInvoice(storedParams<'create-invoice'>(row));
      return { result, serverId: result.invoiceId };
    }
    case 'add-order': {
      const params = storedParams<'add-order'>(row);
      const result = await client.addOrder({ ...params, contactid: optionalServerId(params.contactid) });
      return { result, serverId: result.orderId };
    }
    case 'domain-request-epp': {
      const { domainid, domainname } = storedParams<'domain-request-epp'>(row);
      const target = domainid !== undefined ? { domainid } : { domainname: domainname! };
      return { result: await client.domainRequestEpp(target), serverId: null };
    }
  }
}

/** A contact the provider no longer knows is deleted already: what the user wanted. */
async function deleteContact(client: OutboxClient, contactid: number): Promise<MutationResult<'delete-contact'>> {
  try {
    return await client.deleteContact({ contactid });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'rejected' && /contact id not found/i.test(error.message)) {
      return { contactId: contactid, alreadyDeleted: true };
    }
    throw error;
  }
}

/** Entries are sent only once every local id in them has been replaced by a server id (see waiting.ts). */
function serverId(value: number | LocalId): number {
  if (typeof value !== 'number') throw new Error(`${value} has no server id yet; the entry should still be waiting`);
  return value;
}

function optionalServerId(value: number | LocalId | undefined): number | undefined {
  return value === undefined ? undefined : serverId(value);
}

function attachmentBytes(attachment: StoredAttachment, stored: ReadonlyMap<number, Uint8Array>): AttachmentBytes {
  const data = stored.get(attachment.attachmentId);
  if (!data) throw new Error(`attachment ${attachment.attachmentId} (${attachment.name}) is missing from the outbox`);
  return { name: attachment.name, data };
}
