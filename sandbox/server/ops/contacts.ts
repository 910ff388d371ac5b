/**
 * Contacts: get-contacts (flattened `contacts[contact][<n>][<field>]`), add-contact, update-contact (alt host),
 * delete-contact.
 *
 * Decisions:
 * - get-contacts filters are exact matches (email case-insensitively); `subaccount` filters on the flag.
 * - add-contact also accepts `subaccount` (update-contact lists it). Giving password2 alone makes the new
 *   contact a sub-account; password2 with subaccount=false is rejected. A sub-account needs an email and a
 *   password, and its email must differ from the client's own and from its other sub-accounts'.
 * - An empty field means "not given", so update-contact cannot blank a field (as upstream, which tests
 *   truthiness). A new contact's country defaults to the client's.
 * - `email` must look like an address; `country` must be an ISO 3166-1 alpha-2 code (any case, stored upper).
 * - Replies carry contactid as a JSON number, as the spec types it.
 */
import { Rejection, type OpContext, type Operation, type Params } from '../operation.js';
import { optionalBool, optionalString, requiredInt } from '../params.js';
import { callerClient, checkClientId, nowDateTime, requireClientId } from './caller.js';
import { isCountryCode } from './countries.js';
import { listOperation } from './list-operation.js';
import { hashPassword } from './password-hash.js';
import { Conditions, sql } from './sql.js';

const TEXT_FIELDS = [
  'firstname', 'lastname', 'companyname', 'address1', 'address2', 'city', 'state', 'postcode', 'phonenumber',
] as const;
const EMAIL_PREFERENCES = ['generalemails', 'productemails', 'domainemails', 'invoiceemails', 'supportemails'] as const;
const EXACT_FILTERS = [...TEXT_FIELDS, 'country'] as const;

const LIST_COLUMNS = `id, userid, firstname, lastname, companyname, email, address1, address2, city, state, postcode,
  country, phonenumber, subaccount, password, permissions, domainemails, generalemails, invoiceemails, productemails,
  supportemails, affiliateemails, pwresetkey, created_at, updated_at, pwresetexpiry`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contact columns a request sets, by column name. */
type ContactChanges = Record<string, string | number>;

function readContactChanges(params: Params): ContactChanges {
  const changes: ContactChanges = {};
  for (const field of TEXT_FIELDS) {
    const value = optionalString(params, field);
    if (value !== undefined) changes[field] = value;
  }
  const email = optionalString(params, 'email')?.trim();
  if (email !== undefined) {
    if (!EMAIL.test(email)) throw new Rejection('Invalid Email Address');
    changes.email = email;
  }
  const country = optionalString(params, 'country')?.trim().toUpperCase();
  if (country !== undefined) {
    if (!isCountryCode(country)) throw new Rejection('Invalid Country Code');
    changes.country = country;
  }
  for (const preference of EMAIL_PREFERENCES) {
    const value = optionalBool(params, preference);
    if (value !== undefined) changes[preference] = value ? 1 : 0;
  }
  return changes;
}

/**
 * Applies subaccount/password2 to the changes. `current` is the contact's state before the request (a new
 * contact has neither a sub-account flag nor a password).
 */
function applySubaccount(params: Params, changes: ContactChanges, current: { subaccount: number; password: string }): void {
  const subaccount = optionalBool(params, 'subaccount');
  const password2 = optionalString(params, 'password2');
  if (subaccount !== undefined) changes.subaccount = subaccount ? 1 : 0;
  else if (password2 !== undefined) changes.subaccount = 1;
  const willBeSubaccount = (changes.subaccount ?? current.subaccount) === 1;
  if (password2 !== undefined) {
    if (!willBeSubaccount) throw new Rejection('password2 is only accepted for a sub-account');
    changes.password = hashPassword(password2);
  }
  if (willBeSubaccount && (changes.password ?? current.password) === '') {
    throw new Rejection('A sub-account requires a password (password2)');
  }
}

/** A sub-account logs in with its email, so it must be set and unique within the client account. */
function checkSubaccountEmail(ctx: OpContext, email: string, contactId: number): void {
  if (email === '') throw new Rejection('A sub-account requires an email address');
  const lower = email.toLowerCase();
  const clash =
    callerClient(ctx).email.toLowerCase() === lower ||
    sql(ctx.db, 'SELECT 1 FROM contacts WHERE userid = ? AND subaccount = 1 AND id != ? AND lower(email) = ?').get(
      ctx.userid,
      contactId,
      lower,
    );
  if (clash) throw new Rejection('Duplicate Email Address');
}

interface ContactRow {
  id: number;
  email: string;
  subaccount: number;
  password: string;
}

function ownContact(ctx: OpContext, params: Params): ContactRow {
  const id = requiredInt(params, 'contactid', 'Contact ID Required');
  const row = sql(ctx.db, 'SELECT id, email, subaccount, password FROM contacts WHERE id = ? AND userid = ?').get(id, ctx.userid);
  if (!row) throw new Rejection('Contact ID Not Found');
  return row as ContactRow;
}

export const getContacts = listOperation({
  name: 'get-contacts',
  host: 'base',
  own: true,
  select: { columns: LIST_COLUMNS, from: 'contacts', orderBy: 'id' },
  filter(ctx, params) {
    const conditions = new Conditions().add('userid = ?', ctx.userid);
    for (const field of EXACT_FILTERS) conditions.addIf(optionalString(params, field), `${field} = ?`);
    conditions.addIf(optionalString(params, 'email')?.toLowerCase(), 'lower(email) = ?');
    const subaccount = optionalBool(params, 'subaccount');
    conditions.addIf(subaccount === undefined ? undefined : Number(subaccount), 'subaccount = ?');
    return { conditions };
  },
  shape: { flattened: 'contacts[contact]' },
});

export const addContact: Operation = {
  name: 'add-contact',
  host: 'base',
  handle(ctx, params) {
    requireClientId(ctx, params);
    const changes = readContactChanges(params);
    const taxId = optionalString(params, 'tax_id');
    if (taxId !== undefined) changes.tax_id = taxId;
    applySubaccount(params, changes, { subaccount: 0, password: '' });
    if (changes.subaccount === 1) checkSubaccountEmail(ctx, String(changes.email ?? ''), 0);
    const now = nowDateTime(ctx);
    const row: ContactChanges = {
      country: callerClient(ctx).country, ...changes, userid: ctx.userid, created_at: now, updated_at: now,
    };
    const columns = Object.keys(row);
    const result = ctx.db
      .prepare(`INSERT INTO contacts (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)
      .run(...Object.values(row));
    return { json: { result: 'success', contactid: Number(result.lastInsertRowid) } };
  },
};

export const updateContact: Operation = {
  name: 'update-contact',
  host: 'alt',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const contact = ownContact(ctx, params);
    const changes = readContactChanges(params);
    applySubaccount(params, changes, contact);
    if ((changes.subaccount ?? contact.subaccount) === 1) {
      checkSubaccountEmail(ctx, String(changes.email ?? contact.email), contact.id);
    }
    changes.updated_at = nowDateTime(ctx);
    const columns = Object.keys(changes);
    ctx.db
      .prepare(`UPDATE contacts SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`)
      .run(...Object.values(changes), contact.id);
    return { json: { result: 'success', contactid: contact.id } };
  },
};

export const deleteContact: Operation = {
  name: 'delete-contact',
  host: 'base',
  handle(ctx, params) {
    requireClientId(ctx, params);
    const contact = ownContact(ctx, params);
    sql(ctx.db, 'DELETE FROM contacts WHERE id = ?').run(contact.id);
    return { json: { result: 'success', contactid: contact.id } };
  },
};
