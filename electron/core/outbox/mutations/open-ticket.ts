/**
 * open-ticket. A lost reply is matched by tickets found by subject, with exactly that subject and department,
 * dated from the send on; one dated shortly before may be it too (a provider clock in another zone): review.
 */
import { fetchAll } from '../../api/paging.js';
import type { StoredAttachment } from '../../../../shared/outbox/schemas.js';
import { attachmentsToSend } from '../attachments.js';
import { ids, normalizeSubject, PAGE, RESEND, review, searchTerm, shortlyBefore, splitBySendTime } from '../server-match.js';
import { optionalServerId } from '../server-ids.js';
import type { EngineDefinition } from './definition.js';

export const openTicket: EngineDefinition<'open-ticket'> = {
  recordKey: null,
  async send(client, params, stored) {
    const result = await client.openTicket({
      ...params,
      contactid: optionalServerId(params.contactid),
      attachments: attachmentsToSend(params.attachments as StoredAttachment[] | undefined, stored),
    });
    return { result, serverId: result.id };
  },
  overlay: {
    resource: 'tickets',
    created: ({ params: p }) => ({
      tid: '', deptId: p.deptid, userId: null, name: p.name ?? '', email: p.email ?? '', cc: '', date: null,
      subject: p.subject, status: '', priority: p.priority ?? 'Medium', admin: '',
      attachment: ((p.attachments ?? []) as StoredAttachment[]).map((a) => a.name).join('|'),
      lastReply: null, flag: false, service: p.serviceid ? `S${p.serviceid}` : p.domainid ? `D${p.domainid}` : '',
    }),
  },
  async reconcile({ client, row, claimed, time }, params) {
    const search = searchTerm(params.subject);
    const listed = await fetchAll((limitstart, limitnum) => client.getTickets({ subject: search, limitstart, limitnum }), {
      operation: 'get-tickets',
      pageSize: PAGE,
      idOf: (ticket) => ticket.id,
    });
    const subject = normalizeSubject(params.subject);
    const matches = listed.filter((t) => !claimed.has(t.id) && t.deptId === params.deptid && normalizeSubject(t.subject) === subject);
    const byTime = splitBySendTime(matches, (t) => t.date, row, time);
    if (byTime.after.length === 1) {
      const { id, tid, c } = byTime.after[0]!;
      return { verdict: 'done', result: { id, tid, c }, serverId: id };
    }
    if (byTime.after.length > 1) return review(`${byTime.after.length} tickets with this subject and department were opened since it was sent (${ids(byTime.after)})`);
    if (byTime.shortlyBefore.length > 0) return review(shortlyBefore('ticket', byTime.shortlyBefore));
    return RESEND;
  },
};
