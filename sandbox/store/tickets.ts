/** Support tickets of a client account, with their conversation. */
import { SECONDS_PER_DAY } from './calendar.js';
import type { Department } from './catalogue.js';
import {
  drawUnique, type AccountContext, type ContactRecord, type DomainRecord, type ServiceRecord, type TicketRecord,
  type TicketReplyRecord,
} from './model.js';
import { ALPHANUMERIC, DIGITS, type Rng } from './rng.js';
import {
  ADMIN_NAMES, ADMIN_REPLIES, CLIENT_REPLIES, GUEST_SENDERS, TICKET_TOPICS, type TicketTopic,
} from './vocabulary.js';

const HOUR = 3600;
/** How far back tickets go. */
const HISTORY_DAYS = 730;
/** Tickets younger than this can be in any state; older ones are mostly closed. */
const RECENT_DAYS = 30;

type Opener = { kind: 'client' } | { kind: 'contact'; contact: ContactRecord } | { kind: 'guest'; name: string; email: string };

export interface TicketSources {
  readonly departments: readonly Department[];
  readonly contacts: readonly ContactRecord[];
  readonly services: readonly ServiceRecord[];
  readonly domains: readonly DomainRecord[];
}

export function buildTickets(ctx: AccountContext, sources: TicketSources, count: number): TicketRecord[] {
  const rng = ctx.rng.fork('tickets');
  return Array.from({ length: count }, () => buildTicket(rng, ctx, sources));
}

function buildTicket(rng: Rng, ctx: AccountContext, sources: TicketSources): TicketRecord {
  const topic = rng.pick(TICKET_TOPICS);
  const opener = chooseOpener(rng, sources.contacts);
  const { name, email } = openerIdentity(ctx, opener);
  // A third of the tickets are from the last month, so every account has some open conversations.
  const age = rng.chance(0.3) ? rng.int(0, RECENT_DAYS * SECONDS_PER_DAY)
    : rng.int(RECENT_DAYS * SECONDS_PER_DAY, HISTORY_DAYS * SECONDS_PER_DAY);
  const status = statusForAge(rng, age);
  const gaps = replyGaps(rng, status);
  const span = gaps.reduce((sum, gap) => sum + gap, 0);
  // Open the ticket early enough that the whole conversation lies in the past.
  const moment = ctx.latestMoment - span - age;
  const replies = buildReplies(rng, moment, gaps, opener, name, email);
  const lastAdmin = [...replies].reverse().find((reply) => reply.admin !== '');
  const attachments = rng.chance(0.08) ? [attachment(rng)] : [];
  return {
    id: 0,
    tid: drawUnique(ctx.unique.ticketNumbers, () => rng.chars(DIGITS, 6)),
    moment,
    departmentId: departmentFor(sources.departments, topic).id,
    fromClient: opener.kind !== 'guest',
    contact: opener.kind === 'contact' ? opener.contact : null,
    name, email,
    subject: topic.subject,
    message: topic.message,
    status,
    priority: rng.weighted([['Low', 25], ['Medium', 55], ['High', 20]]),
    admin: lastAdmin?.admin ?? '',
    lastReplyMoment: replies[replies.length - 1]?.moment ?? moment,
    about: relatedRecord(rng, topic, sources),
    replies,
    attachments,
    columns: {
      c: rng.chars(ALPHANUMERIC, 8),
      cc: rng.chance(0.05) ? 'office@company.example' : '',
      flag: rng.chance(0.1) ? 1 : 0,
      markdown: 0,
    },
  };
}

/** Old tickets are mostly closed; recent ones are in every state. */
function statusForAge(rng: Rng, ageSeconds: number): string {
  if (ageSeconds > RECENT_DAYS * SECONDS_PER_DAY) {
    return rng.weighted([['Closed', 85], ['Answered', 7], ['On Hold', 4], ['Customer-Reply', 4]]);
  }
  return rng.weighted([
    ['Open', 25], ['Answered', 20], ['Customer-Reply', 15], ['In Progress', 15], ['On Hold', 5], ['Closed', 20],
  ]);
}

function chooseOpener(rng: Rng, contacts: readonly ContactRecord[]): Opener {
  const roll = rng.next();
  if (roll < 0.05) {
    const [name, email] = rng.pick(GUEST_SENDERS);
    return { kind: 'guest', name, email };
  }
  if (roll < 0.12 && contacts.length > 0) return { kind: 'contact', contact: rng.pick(contacts) };
  return { kind: 'client' };
}

function openerIdentity(ctx: AccountContext, opener: Opener): { name: string; email: string } {
  switch (opener.kind) {
    case 'guest': return { name: opener.name, email: opener.email };
    case 'contact': return { name: `${opener.contact.firstname} ${opener.contact.lastname}`, email: opener.contact.email };
    case 'client': return { name: `${ctx.client.firstname} ${ctx.client.lastname}`, email: ctx.client.email };
  }
}

/**
 * Seconds between the ticket and each reply. Replies alternate staff/client, staff first, and the status
 * fixes who spoke last: Answered and On Hold end with staff, Customer-Reply with the client.
 */
function replyGaps(rng: Rng, status: string): number[] {
  let count: number;
  switch (status) {
    case 'Open': count = 0; break;
    case 'Answered': case 'On Hold': case 'In Progress': count = 1 + 2 * rng.int(0, 1); break;
    case 'Customer-Reply': count = 2 * rng.int(1, 2); break;
    default: count = rng.int(1, 4); // Closed
  }
  return Array.from({ length: count }, () => rng.int(HOUR / 4, 30 * HOUR));
}

function buildReplies(
  rng: Rng, opened: number, gaps: readonly number[], opener: Opener, name: string, email: string,
): TicketReplyRecord[] {
  let moment = opened;
  return gaps.map((gap, index) => {
    moment += gap;
    const fromStaff = index % 2 === 0;
    return {
      id: 0,
      moment,
      admin: fromStaff ? rng.pick(ADMIN_NAMES) : '',
      fromClient: !fromStaff && opener.kind !== 'guest',
      name: fromStaff ? '' : name,
      email: fromStaff ? '' : email,
      message: fromStaff ? rng.pick(ADMIN_REPLIES) : rng.pick(CLIENT_REPLIES),
    };
  });
}

function departmentFor(departments: readonly Department[], topic: TicketTopic): Department {
  const department = departments.find((d) => d.name === topic.department) ?? departments[0];
  if (!department) throw new Error('Tickets need at least one support department');
  return department;
}

function relatedRecord(rng: Rng, topic: TicketTopic, sources: TicketSources): ServiceRecord | DomainRecord | null {
  if (!rng.chance(0.7)) return null;
  if (topic.about === 'service' && sources.services.length > 0) return rng.pick(sources.services);
  if (topic.about === 'domain' && sources.domains.length > 0) return rng.pick(sources.domains);
  return null;
}

/** A small text file attached to the opening message. */
function attachment(rng: Rng): { filename: string; data: Buffer } {
  const filename = rng.pick(['error_log.txt', 'php-errors.txt', 'dns-export.txt']);
  const data = Buffer.from(`[${rng.chars(DIGITS, 6)}] PHP Fatal error: Allowed memory size exhausted\n`, 'utf8');
  return { filename, data };
}
