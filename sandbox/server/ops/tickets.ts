/**
 * Support tickets: open-ticket, get-tickets (alt host), add-ticket-reply.
 *
 * Decisions:
 * - Missing required fields each have their own message: "Department ID is required", "Subject is required",
 *   "Message is required", "Ticket ID is required". Hidden departments count as not found.
 * - A ticket is opened by the client, or for one of its contacts (contactid), or in the name of a non-client
 *   when both `name` and `email` are given (userid 0; the ticket still belongs to the caller's list).
 * - priority is Low, Medium or High (any case), default Medium.
 * - `customfields` (base64 of a serialized array keyed by field id) are the department's custom fields
 *   (get-support-departments lists them): an id of another department's field is refused, a required field left
 *   out or empty is refused naming the field ("Server hostname is required"), a dropdown takes one of its
 *   options. open-ticket stores the values given; add-ticket-reply changes those it is given (the ticket's
 *   department's fields). No operation reads them back: tests read the store.
 * - add-ticket-reply takes `markdown` or its alias `useMarkdown`; it sets the status to Customer-Reply (also on
 *   a closed ticket, which reopens it) and lastreply to now.
 * - get-tickets lists newest activity first (lastreply, then id, descending), as upstream does. `status` takes
 *   a status (case-insensitive) or one of the pseudo-values; an unknown status matches nothing. `subject`
 *   matches any subject containing the text, case-insensitively. `attachment` lists the opening message's
 *   attachments, '|'-joined, as upstream's ticket record does; reply attachments are stored with their reply.
 * - open-ticket replies with id, tid and c as strings, as in the upstream sample.
 */
import { Rejection, type OpContext, type Operation, type Params } from '../operation.js';
import { optionalBool, optionalInt, optionalString, requiredInt, requiredString } from '../params.js';
import { decodeSerializedArray } from '../php.js';
import { type Attachment, readAttachments } from './attachments.js';
import { callerClient, checkClientId, nowDateTime, requireClientId } from './caller.js';
import { randomCode, unusedNumber } from './identifiers.js';
import { listOperation } from './list-operation.js';
import { requireOwn } from './ownership.js';
import { Conditions, sql } from './sql.js';
import { ACTIVE_SQL, AWAITING_REPLY_SQL } from './ticket-status.js';

const PRIORITIES = ['Low', 'Medium', 'High'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const LIST_COLUMNS = 'id, tid, deptid, userid, name, email, cc, c, date, subject, status, priority, admin, attachment, lastreply, flag, service';

/** Conditions of the get-tickets status pseudo-values. */
const PSEUDO_STATUSES: Record<string, string> = {
  'awaiting reply': AWAITING_REPLY_SQL,
  'all active tickets': ACTIVE_SQL,
  'my flagged tickets': 'flag = 1',
};

/** Who writes a ticket or reply: the client itself, one of its contacts, or a named non-client. */
interface Author {
  userid: number;
  contactid: number;
  name: string;
  email: string;
}

function readAuthor(ctx: OpContext, params: Params): Author {
  const contactid = optionalInt(params, 'contactid');
  const name = optionalString(params, 'name')?.trim();
  const email = optionalString(params, 'email')?.trim();
  if (name !== undefined || email !== undefined) {
    if (contactid !== undefined) throw new Rejection('Give either contactid or name and email, not both');
    if (!name || !email) throw new Rejection('A non-client author needs both name and email');
    if (!EMAIL.test(email)) throw new Rejection('Invalid Email Address');
    return { userid: 0, contactid: 0, name, email };
  }
  if (contactid !== undefined) {
    requireOwn(ctx, 'contacts', contactid);
    const contact = sql(ctx.db, 'SELECT firstname, lastname, email FROM contacts WHERE id = ?').get(contactid) as {
      firstname: string;
      lastname: string;
      email: string;
    };
    return { userid: ctx.userid, contactid, name: `${contact.firstname} ${contact.lastname}`.trim(), email: contact.email };
  }
  const client = callerClient(ctx);
  return { userid: ctx.userid, contactid: 0, name: `${client.firstname} ${client.lastname}`, email: client.email };
}

/**
 * Upstream: a ticket or reply is a client's (clientid required) unless it names a non-client author; a ticket
 * with neither is refused with upstream's words for it.
 */
function checkAuthorClient(ctx: OpContext, params: Params, missing?: string): void {
  if (optionalString(params, 'name') !== undefined && optionalString(params, 'email') !== undefined) checkClientId(ctx, params);
  else requireClientId(ctx, params, 'clientid', missing);
}

function readPriority(params: Params): string {
  const raw = optionalString(params, 'priority');
  if (raw === undefined) return 'Medium';
  const priority = PRIORITIES.find((p) => p.toLowerCase() === raw.trim().toLowerCase());
  if (!priority) throw new Rejection(`Invalid Priority: ${raw} (expected Low, Medium or High)`);
  return priority;
}

/** 'S<id>' / 'D<id>' for the service or domain the ticket is about, '' for neither. */
function readRelatedService(ctx: OpContext, params: Params): string {
  const serviceid = optionalInt(params, 'serviceid');
  const domainid = optionalInt(params, 'domainid');
  if (serviceid !== undefined && domainid !== undefined) {
    throw new Rejection('Only one of serviceid or domainid may be given');
  }
  if (serviceid !== undefined) {
    requireOwn(ctx, 'services', serviceid);
    return `S${serviceid}`;
  }
  if (domainid !== undefined) {
    requireOwn(ctx, 'domains', domainid);
    return `D${domainid}`;
  }
  return '';
}

interface DepartmentField {
  id: number;
  name: string;
  type: string;
  options: string;
  required: number;
}

/**
 * The custom field values a request gives, checked against the department's fields. `whole`: every required
 * field must have a value (a new ticket); otherwise only those given are checked (a reply's update).
 */
function readCustomFields(ctx: OpContext, params: Params, deptid: number, whole: boolean): Map<number, string> {
  const raw = optionalString(params, 'customfields');
  const given = raw === undefined ? new Map<string, string>() : decodeSerializedArray('customfields', raw);
  const fields = sql(ctx.db, 'SELECT id, name, type, options, required FROM department_customfields WHERE deptid = ? ORDER BY id').all(deptid) as DepartmentField[];
  const byId = new Map(fields.map((field) => [String(field.id), field]));
  for (const key of given.keys()) {
    if (!byId.has(key)) throw new Rejection(`Custom field ${key} is not a field of this department`);
  }
  const values = new Map<number, string>();
  for (const field of fields) {
    const value = given.get(String(field.id))?.trim();
    if (field.required && (whole ? !value : value === '')) throw new Rejection(`${field.name} is required`);
    if (value === undefined) continue;
    if (field.type === 'dropdown' && value !== '' && !field.options.split(',').includes(value)) {
      throw new Rejection(`${field.name} must be one of: ${field.options.split(',').join(', ')}`);
    }
    values.set(field.id, value);
  }
  return values;
}

function storeCustomFields(ctx: OpContext, ticketid: number, values: ReadonlyMap<number, string>): void {
  const upsert = sql(ctx.db, 'INSERT OR REPLACE INTO ticket_customfields (ticketid, fieldid, value) VALUES (?, ?, ?)');
  for (const [fieldid, value] of values) upsert.run(ticketid, fieldid, value);
}

function storeAttachments(ctx: OpContext, ticketid: number, replyid: number | null, files: Attachment[]): void {
  const insert = sql(ctx.db, 'INSERT INTO ticket_attachments (ticketid, replyid, filename, data) VALUES (?, ?, ?, ?)');
  for (const file of files) insert.run(ticketid, replyid, file.filename, file.data);
}

export const openTicket: Operation = {
  name: 'open-ticket',
  host: 'base',
  handle(ctx, params) {
    checkAuthorClient(ctx, params, 'Name and email address are required if not a client');
    const deptid = requiredInt(params, 'deptid', 'Department ID is required');
    if (!sql(ctx.db, 'SELECT 1 FROM departments WHERE id = ? AND hidden = 0').get(deptid)) {
      throw new Rejection('Department ID not found');
    }
    const subject = requiredString(params, 'subject', 'Subject is required');
    const message = requiredString(params, 'message', 'Message is required');
    const service = readRelatedService(ctx, params);
    const author = readAuthor(ctx, params);
    const priority = readPriority(params);
    const markdown = optionalBool(params, 'markdown') ?? false;
    const customFields = readCustomFields(ctx, params, deptid, true);
    const files = readAttachments(params);

    return ctx.db.transaction(() => {
      const tid = unusedNumber(ctx.db, 'tickets', 'tid', 6);
      const c = randomCode(8);
      const now = nowDateTime(ctx);
      const result = sql(
        ctx.db,
        `INSERT INTO tickets (tid, deptid, userid, owner_userid, contactid, name, email, c, date, subject, message,
           status, priority, attachment, lastreply, service, markdown)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'Open', ?, ?, ?, ?, ?)`,
      ).run(
        tid, deptid, author.userid, ctx.userid, author.contactid, author.name, author.email, c, now, subject, message,
        priority, files.map((f) => f.filename).join('|'), now, service, Number(markdown),
      );
      const id = Number(result.lastInsertRowid);
      storeAttachments(ctx, id, null, files);
      storeCustomFields(ctx, id, customFields);
      return { json: { result: 'success', id: String(id), tid, c } };
    })();
  },
};

export const getTickets = listOperation({
  name: 'get-tickets',
  host: 'alt',
  own: true,
  select: { columns: LIST_COLUMNS, from: 'tickets', orderBy: 'lastreply DESC, id DESC' },
  filter(ctx, params) {
    const conditions = new Conditions()
      .add('owner_userid = ?', ctx.userid)
      .addIf(optionalInt(params, 'deptid'), 'deptid = ?')
      .addIf(optionalString(params, 'email')?.trim().toLowerCase(), 'lower(email) = ?');
    const status = optionalString(params, 'status')?.trim();
    if (status !== undefined) {
      const pseudo = PSEUDO_STATUSES[status.toLowerCase()];
      if (pseudo) conditions.add(pseudo);
      else conditions.add('status = ? COLLATE NOCASE', status);
    }
    const subject = optionalString(params, 'subject');
    if (subject !== undefined) {
      conditions.add("lower(subject) LIKE ? ESCAPE '\\'", `%${subject.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
    }
    return { conditions };
  },
  shape: { nested: ['tickets', 'ticket'] },
});

export const addTicketReply: Operation = {
  name: 'add-ticket-reply',
  host: 'base',
  handle(ctx, params) {
    checkAuthorClient(ctx, params);
    const ticketid = requiredInt(params, 'ticketid', 'Ticket ID is required');
    const ticket = sql(ctx.db, 'SELECT deptid FROM tickets WHERE id = ? AND owner_userid = ?').get(ticketid, ctx.userid) as { deptid: number } | undefined;
    if (!ticket) throw new Rejection('Ticket ID Not Found');
    const message = requiredString(params, 'message', 'Message is required');
    const author = readAuthor(ctx, params);
    const markdown = optionalBool(params, 'markdown') ?? optionalBool(params, 'useMarkdown') ?? false;
    const customFields = readCustomFields(ctx, params, ticket.deptid, false);
    const files = readAttachments(params);
    const fromClient = author.userid !== 0;

    ctx.db.transaction(() => {
      const now = nowDateTime(ctx);
      const reply = sql(
        ctx.db,
        `INSERT INTO ticket_replies (ticketid, userid, contactid, name, email, date, message, markdown)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        ticketid, author.userid, author.contactid, fromClient ? '' : author.name, fromClient ? '' : author.email, now,
        message, Number(markdown),
      );
      storeAttachments(ctx, ticketid, Number(reply.lastInsertRowid), files);
      storeCustomFields(ctx, ticketid, customFields);
      sql(ctx.db, "UPDATE tickets SET status = 'Customer-Reply', lastreply = ? WHERE id = ?").run(now, ticketid);
    })();
    return { json: { result: 'success' } };
  },
};
