/** add-ticket-reply against what the provider holds: a reply to a ticket closed since it was written waits (it would reopen it). */
import type { MutationParams } from '../../../../shared/outbox/schemas.js';
import type { FreshnessRule } from './freshness.js';

const isClosed = (status: string) => status.toLowerCase() === 'closed';

export const ticketReplyFreshness: FreshnessRule<MutationParams<'add-ticket-reply'>> = {
  base(params, on) {
    const ticket = typeof params.ticketid === 'number' ? on.ticket(params.ticketid) : null;
    return ticket && { of: 'ticket', status: ticket.status, lastReply: ticket.lastReply };
  },
  decide(params, base, now) {
    const ticket = now.tickets?.get(Number(params.ticketid));
    if (base.of !== 'ticket' || !ticket || !isClosed(ticket.status) || isClosed(base.status)) return { go: 'send', params };
    return { go: 'hold', conflict: { reason: 'ticket-closed', status: ticket.status, was: base.status }, send: null, held: params };
  },
};
