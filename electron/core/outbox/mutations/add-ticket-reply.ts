/**
 * add-ticket-reply. After a lost reply the ticket's last reply tells: older than the send means ours never
 * arrived (resend); anything later or too close to tell goes to review.
 */
import { fetchAll } from '../../api/paging.js';
import type { StoredAttachment } from '../../../../shared/outbox/schemas.js';
import { attachmentsToSend } from '../attachments.js';
import { PAGE, RESEND, review, sentAt } from '../server-match.js';
import { optionalServerId, serverId } from '../server-ids.js';
import { serverTimeMs } from '../server-time.js';
import type { EngineDefinition } from './definition.js';
import { ticketReplyFreshness } from './ticket-freshness.js';

export const addTicketReply: EngineDefinition<'add-ticket-reply'> = {
  recordKey: (params) => `ticket:${String(params.ticketid)}`,
  async send(client, params, stored) {
    const ticketId = serverId(params.ticketid);
    await client.addTicketReply({
      ...params,
      ticketid: ticketId,
      contactid: optionalServerId(params.contactid),
      attachments: attachmentsToSend(params.attachments as StoredAttachment[] | undefined, stored),
    });
    return { result: { ticketId }, serverId: null };
  },
  overlay: { resource: 'tickets' },
  async reconcile({ client, row, time }, params) {
    const tickets = await fetchAll((limitstart, limitnum) => client.getTickets({ limitstart, limitnum }), {
      operation: 'get-tickets',
      pageSize: PAGE,
      idOf: (ticket) => ticket.id,
    });
    const ticket = tickets.find((t) => t.id === params.ticketid);
    // A ticket that is gone gets the provider's own refusal on resend.
    if (!ticket) return RESEND;
    const lastReply = serverTimeMs(ticket.lastReply, time);
    if (lastReply !== null && lastReply < sentAt(row) - time.clockSkewMs) return RESEND;
    return review(
      `ticket ${ticket.tid} was last replied to at ${ticket.lastReply ?? 'an unknown time'}, too close to or after the time this reply was sent to tell whether that reply is this one`,
    );
  },
  freshness: ticketReplyFreshness,
};
