/** Contacts over real HTTP: get-contacts (flattened, filters), add-contact, update-contact (alt host), delete-contact. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATETIME, expectStringRecord, FLAG, ok, op, openSession, rejection, type Session, unflatten } from './ops.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

const CONTACT_FIELDS = [
  'id', 'userid', 'firstname', 'lastname', 'companyname', 'email', 'address1', 'address2', 'city', 'state', 'postcode',
  'country', 'phonenumber', 'subaccount', 'password', 'permissions', 'domainemails', 'generalemails', 'invoiceemails',
  'productemails', 'supportemails', 'affiliateemails', 'pwresetkey', 'created_at', 'updated_at', 'pwresetexpiry',
];
const EXACT_FILTERS = ['firstname', 'lastname', 'companyname', 'email', 'address1', 'address2', 'city', 'state', 'postcode', 'country', 'phonenumber'];

async function contacts(fields: Record<string, any> = {}, as: 'demo' | 'other' = 'demo') {
  return unflatten(await ok(op(s, 'get-contacts', { limitnum: 250, ...fields }, { as })), 'contacts[contact]');
}

async function contact(id: number | string) {
  return (await contacts()).find((c) => c.id === String(id));
}

describe('get-contacts', () => {
  it('flattens the caller\'s contacts into contacts[contact][n][field] strings', async () => {
    const rows = await contacts();
    const stored = s.sb.db.prepare('SELECT id FROM contacts WHERE userid = ? ORDER BY id').all(s.demoId) as any[];
    expect(rows.map((c) => c.id)).toEqual(stored.map((c) => String(c.id)));
    for (const c of rows) {
      expectStringRecord(c, CONTACT_FIELDS);
      expect(c.userid).toBe(String(s.demoId));
      expect(c.subaccount).toMatch(FLAG);
      expect(c.created_at).toMatch(DATETIME);
      expect(c.country).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('filters on each field by exact value, and on the sub-account flag', async () => {
    const { contactid } = await ok(op(s, 'add-contact', {
      firstname: 'Fq', lastname: 'Lq', companyname: 'Cq', email: 'fq@zq.example', address1: 'A1q', address2: 'A2q',
      city: 'Cityq', state: 'Sq', postcode: 'Pq', country: 'NZ', phonenumber: '+64.21555',
    }));
    const all = await contacts();
    const sample = all.find((c) => c.id === String(contactid))!;
    for (const field of EXACT_FILTERS) {
      const matches = await contacts({ [field]: sample[field] });
      expect(matches.length, field).toBeGreaterThan(0);
      expect(matches.map((c) => c.id), field).toEqual(all.filter((c) => c[field] === sample[field]).map((c) => c.id));
    }
    expect((await contacts({ firstname: `${all[0].firstname}x` }))).toEqual([]);
    const subaccounts = await contacts({ subaccount: true });
    expect(subaccounts.length).toBeGreaterThan(0);
    expect(subaccounts.every((c) => c.subaccount === '1')).toBe(true);
    expect((await contacts({ subaccount: 0 })).every((c) => c.subaccount === '0')).toBe(true);
  });

  it('keeps accounts apart: userid of another account is refused', async () => {
    const foreign = s.sb.db.prepare('SELECT email FROM contacts WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    expect(await contacts({ email: foreign.email })).toEqual([]);
    expect(await rejection(op(s, 'get-contacts', { userid: s.otherId }))).toBe('Client ID Not Found');
    expect((await contacts({ userid: s.demoId })).length).toBeGreaterThan(0);
  });
});

describe('add-contact, update-contact, delete-contact', () => {
  it('adds a contact that get-contacts then lists with what was sent', async () => {
    const reply = await ok(op(s, 'add-contact', {
      firstname: 'Åsa', lastname: "O'Neil", companyname: 'Zq & Co', email: 'asa@zq.example', address1: 'Storgatan 1',
      city: 'Malmö', state: 'Skåne', postcode: '211 20', country: 'se', phonenumber: '+46.401234567',
      generalemails: true, invoiceemails: 'on', supportemails: 0,
    }));
    expect(Object.keys(reply).sort()).toEqual(['contactid', 'result']);
    expect(typeof reply.contactid).toBe('number');
    const added = await contact(reply.contactid);
    expect(added).toMatchObject({
      firstname: 'Åsa', lastname: "O'Neil", companyname: 'Zq & Co', email: 'asa@zq.example', city: 'Malmö',
      country: 'SE', subaccount: '0', password: '', generalemails: '1', invoiceemails: '1', supportemails: '0',
      productemails: '0', userid: String(s.demoId),
    });
    expect(added.created_at).toMatch(DATETIME);
    expect(added.updated_at).toBe(added.created_at);
  });

  it('stores the tax id add-contact gives; get-contacts leaves it out, as the spec\'s contact record has none', async () => {
    const reply = await ok(op(s, 'add-contact', { firstname: 'Taxed', email: 'taxed@zq.example', tax_id: 'IT01234567890' }));
    expect(s.sb.db.prepare('SELECT tax_id FROM contacts WHERE id = ?').pluck().get(reply.contactid)).toBe('IT01234567890');
    expect(await contact(reply.contactid)).not.toHaveProperty('tax_id');
  });

  it('defaults the country to the client\'s and needs no field at all', async () => {
    const reply = await ok(op(s, 'add-contact', { firstname: 'Bare' }));
    const client = s.sb.db.prepare('SELECT country FROM clients WHERE id = ?').get(s.demoId) as any;
    expect((await contact(reply.contactid)).country).toBe(client.country);
  });

  it('creates a sub-account from password2, storing only a hash', async () => {
    const reply = await ok(op(s, 'add-contact', { firstname: 'Sub', email: 'sub-one@zq.example', password2: 'S3cret!pass' }));
    const sub = await contact(reply.contactid);
    expect(sub.subaccount).toBe('1');
    expect(sub.password).not.toBe('');
    expect(sub.password).not.toContain('S3cret!pass');
  });

  it('rejects bad contact data with specific messages', async () => {
    const client = s.sb.db.prepare('SELECT email FROM clients WHERE id = ?').get(s.demoId) as any;
    const sub = s.sb.db.prepare('SELECT email FROM contacts WHERE userid = ? AND subaccount = 1 LIMIT 1').get(s.demoId) as any;
    expect(await rejection(op(s, 'add-contact', { country: 'XX' }))).toBe('Invalid Country Code');
    expect(await rejection(op(s, 'add-contact', { country: 'GBR' }))).toBe('Invalid Country Code');
    expect(await rejection(op(s, 'add-contact', { email: 'not-an-email' }))).toBe('Invalid Email Address');
    expect(await rejection(op(s, 'add-contact', { email: 'x@zq.example', subaccount: true }))).toBe('A sub-account requires a password (password2)');
    expect(await rejection(op(s, 'add-contact', { email: 'y@zq.example', subaccount: false, password2: 'pw' }))).toBe('password2 is only accepted for a sub-account');
    expect(await rejection(op(s, 'add-contact', { password2: 'pw' }))).toBe('A sub-account requires an email address');
    expect(await rejection(op(s, 'add-contact', { email: sub.email.toUpperCase(), password2: 'pw' }))).toBe('Duplicate Email Address');
    expect(await rejection(op(s, 'add-contact', { email: client.email, password2: 'pw' }))).toBe('Duplicate Email Address');
    expect(await rejection(op(s, 'add-contact', { generalemails: 'maybe' }))).toMatch(/generalemails/);
    expect(await rejection(op(s, 'add-contact', { firstname: 'X', clientid: s.otherId }))).toBe('Client ID Not Found');
  });

  it('allows the same email for a plain contact, and for sub-accounts of different accounts', async () => {
    const sub = s.sb.db.prepare('SELECT email FROM contacts WHERE userid = ? AND subaccount = 1 LIMIT 1').get(s.demoId) as any;
    await ok(op(s, 'add-contact', { email: sub.email }));
    await ok(op(s, 'add-contact', { email: sub.email, password2: 'pw' }, { as: 'other' }));
  });

  it('updates only the fields given, on the alt host, and moves updated_at', async () => {
    const { contactid } = await ok(op(s, 'add-contact', { firstname: 'Old', lastname: 'Name', city: 'Paris', country: 'FR' }));
    s.sb.db.prepare("UPDATE contacts SET updated_at = '2020-01-01 00:00:00' WHERE id = ?").run(contactid);
    const reply = await ok(op(s, 'update-contact', { contactid, firstname: 'New', generalemails: 1, country: 'de' }));
    expect(reply).toEqual({ result: 'success', contactid });
    const updated = await contact(contactid);
    expect(updated).toMatchObject({ firstname: 'New', lastname: 'Name', city: 'Paris', country: 'DE', generalemails: '1' });
    expect(updated.updated_at).not.toBe('2020-01-01 00:00:00');
    expect(updated.updated_at).toMatch(DATETIME);
  });

  it('turns a contact into a sub-account and checks its email then', async () => {
    const taken = s.sb.db.prepare('SELECT email FROM contacts WHERE userid = ? AND subaccount = 1 LIMIT 1').get(s.demoId) as any;
    const { contactid } = await ok(op(s, 'add-contact', { email: taken.email }));
    expect(await rejection(op(s, 'update-contact', { contactid, subaccount: true, password2: 'pw' }))).toBe('Duplicate Email Address');
    expect(await rejection(op(s, 'update-contact', { contactid, subaccount: true, email: 'fresh@zq.example' }))).toBe('A sub-account requires a password (password2)');
    await ok(op(s, 'update-contact', { contactid, subaccount: true, email: 'fresh@zq.example', password2: 'pw' }));
    expect(await contact(contactid)).toMatchObject({ subaccount: '1', email: 'fresh@zq.example' });
    expect(await rejection(op(s, 'update-contact', { contactid, email: 'bad' }))).toBe('Invalid Email Address');
  });

  it('needs the id of one of the caller\'s contacts to update or delete', async () => {
    const foreign = s.sb.db.prepare('SELECT id FROM contacts WHERE userid = ? LIMIT 1').get(s.otherId) as any;
    expect(await rejection(op(s, 'update-contact', { firstname: 'X' }))).toBe('Contact ID Required');
    expect(await rejection(op(s, 'update-contact', { contactid: 999999, firstname: 'X' }))).toBe('Contact ID Not Found');
    expect(await rejection(op(s, 'update-contact', { contactid: foreign.id, firstname: 'X' }))).toBe('Contact ID Not Found');
    expect(await rejection(op(s, 'delete-contact'))).toBe('Contact ID Required');
    expect(await rejection(op(s, 'delete-contact', { contactid: foreign.id }))).toBe('Contact ID Not Found');
    expect((s.sb.db.prepare('SELECT firstname FROM contacts WHERE id = ?').get(foreign.id) as any).firstname).not.toBe('X');
  });

  it('deletes a contact for good', async () => {
    const { contactid } = await ok(op(s, 'add-contact', { firstname: 'Doomed' }));
    expect(await ok(op(s, 'delete-contact', { contactid }))).toEqual({ result: 'success', contactid });
    expect(await contact(contactid)).toBeUndefined();
    expect(await rejection(op(s, 'delete-contact', { contactid }))).toBe('Contact ID Not Found');
    expect(await rejection(op(s, 'update-contact', { contactid, firstname: 'Back' }))).toBe('Contact ID Not Found');
  });

  it('takes urlencoded bodies too', async () => {
    const reply = await ok(op(s, 'add-contact', { firstname: 'Url', lastname: 'Encoded', country: 'US' }, { urlencoded: true }));
    expect(await contact(reply.contactid)).toMatchObject({ firstname: 'Url', lastname: 'Encoded', country: 'US' });
  });
});
