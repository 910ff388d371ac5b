/**
 * Contacts from CSV on a real Desk synced from the sandbox: the columns guessed from English and Italian
 * headers, each row checked by the outbox's own schemas (a bad row left out with its reason), update by e-mail
 * matched against the mirror in one lookup, and files that are not UTF-8 CSV refused with nothing queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import { callError, deskOnSandbox } from './sandbox-desk.js';
import { csvFileProblem } from '../../../shared/contact-import.js';
import { BULK_LIMIT } from '../../../shared/contract.js';

let desk: Desk;
let close: () => Promise<void>;
let known: { id: number | string; email: string };

const queuedCount = async () => (await desk.call('outbox.list')).length;

beforeAll(async () => {
  let sb;
  ({ desk, sb, close } = await deskOnSandbox('desk-contact-import-'));
  await desk.call('sync.run', { only: ['contacts'] });
  // Offline: what is queued stays in the outbox for the test to read.
  await sb.stop();
  const all = (await desk.call('data.list', { resource: 'contacts', limit: 1000 })).rows.flatMap((r) => ('email' in r && 'firstName' in r ? [r] : []));
  known = all.find((c) => c.email !== '' && all.filter((o) => o.email.toLowerCase() === c.email.toLowerCase()).length === 1)!;
}, 60_000);

afterAll(() => close?.());

const ITALIAN = [
  'Nome;Cognome;E-mail;Città;Provincia;CAP;Paese;Telefono;Note',
  'Anna;Rossi;anna.rossi@example.com;Milano;MI;20121;it;+39.02123456;cliente',
  '',
  'Bruno;Bianchi;non-una-email;Torino;TO;10121;IT;;',
  'Carla;Verdi;carla@example.com;Roma;RM;00100;IT;;',
].join('\r\n');

describe('contacts.importPreview', () => {
  it('guesses the columns from Italian headers and checks every row with the outbox\'s schema', async () => {
    const preview = await desk.call('contacts.importPreview', { csv: ITALIAN, mode: 'add' });
    expect(preview.columns).toEqual(['Nome', 'Cognome', 'E-mail', 'Città', 'Provincia', 'CAP', 'Paese', 'Telefono', 'Note']);
    expect(preview.mapping).toEqual(['firstname', 'lastname', 'email', 'city', 'state', 'postcode', 'country', 'phonenumber', null]);
    expect(preview.rows.map((r) => r.row)).toEqual([2, 4, 5]);
    expect(preview.rows[0]).toMatchObject({
      params: { firstname: 'Anna', lastname: 'Rossi', email: 'anna.rossi@example.com', city: 'Milano', state: 'MI', postcode: '20121', country: 'IT', phonenumber: '+39.02123456' },
      issues: [],
    });
    expect(preview.rows[1]!.issues).toEqual([{ field: 'email', message: 'must be an e-mail address' }]);
    expect(preview).toMatchObject({ valid: 2, invalid: 1 });
  });

  it('guesses English headers, and takes a mapping given by position', async () => {
    const csv = 'First name,Last name,Company,Email address,Street,Post code,Country code,Phone\nAnn,Lee,ACME,ann@example.com,Main St 1,12345,US,555\n';
    expect((await desk.call('contacts.importPreview', { csv, mode: 'add' })).mapping).toEqual([
      'firstname', 'lastname', 'companyname', 'email', 'address1', 'postcode', 'country', 'phonenumber',
    ]);
    const mapped = await desk.call('contacts.importPreview', { csv, mode: 'add', mapping: ['lastname', null, null, 'email', null, null, null, null] });
    expect(mapped.rows[0]!.params).toEqual({ lastname: 'Ann', email: 'ann@example.com' });
    const short = await callError(desk.call('contacts.importPreview', { csv, mode: 'add', mapping: ['email'] }));
    expect(short.message).toBe('The mapping names 1 columns; the file has 8.');
  });

  it('finds the contact to update by its e-mail, whatever its case, and says which rows match none', async () => {
    const csv = `email,city\n${known.email.toUpperCase()},Milano\nnobody-here@example.invalid,Roma\n,Napoli\n${known.email},\n`;
    const preview = await desk.call('contacts.importPreview', { csv, mode: 'update-by-email' });
    expect(preview.rows[0]).toMatchObject({ contactId: known.id, params: { city: 'Milano' }, issues: [] });
    expect(preview.rows[1]).toMatchObject({ contactId: null, issues: [{ field: 'email', message: 'no contact has this e-mail' }] });
    expect(preview.rows[2]!.issues).toEqual([{ field: 'email', message: 'is needed to find the contact to update' }]);
    // Nothing to change besides the e-mail it was found by: update-contact's own refusal.
    expect(preview.rows[3]!.issues).toEqual([{ field: 'contactid', message: 'nothing to change: give at least one field besides contactid' }]);
  });

  it('maps a tax id column for new contacts; an update by e-mail that gives one is left out, said why', async () => {
    const csv = `Nome,E-mail,Partita IVA\nDora,dora@example.com,IT01234567890\n`;
    const added = await desk.call('contacts.importPreview', { csv, mode: 'add' });
    expect(added.mapping).toEqual(['firstname', 'email', 'tax_id']);
    expect(added.rows[0]).toMatchObject({ params: { firstname: 'Dora', email: 'dora@example.com', tax_id: 'IT01234567890' }, issues: [] });
    const updated = await desk.call('contacts.importPreview', { csv: `email,city,VAT number\n${known.email},Milano,IT01234567890\n`, mode: 'update-by-email' });
    expect(updated.rows[0]!.issues).toEqual([{ field: 'tax_id', message: 'is sent only with a new contact: the provider takes no change of it' }]);
  });

  it('reads 2,000 rows in one preview', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `Name${i},Surname${i},person${i}@example.com,IT`);
    const preview = await desk.call('contacts.importPreview', { csv: `first name,last name,e-mail,country\n${lines.join('\n')}`, mode: 'update-by-email' });
    expect(preview.rows).toHaveLength(2000);
    expect(preview.invalid).toBe(2000);
  });
});

describe('files that are not UTF-8 CSV', () => {
  const refused = async (csv: string | Uint8Array) => {
    const before = await queuedCount();
    const error = await callError(desk.call('contacts.import', { csv, mode: 'add', mapping: ['firstname', 'city'] }));
    expect(await queuedCount()).toBe(before);
    return error.message;
  };

  it('refuses Latin-1, UTF-16, empty, binary and unclosed quotes with what the file is, queuing nothing', async () => {
    expect(await refused(Buffer.from('Nome,Città\nNicolò,Forlì\n', 'latin1'))).toMatch(/not UTF-8 text \(it looks like Latin-1 or Windows-1252/);
    expect(await refused(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nome,Città\n', 'utf16le')]))).toMatch(/UTF-16 text, not UTF-8/);
    expect(await refused('Nome,Citt\uFFFD\nNicol\uFFFD,Forl\uFFFD\n')).toMatch(/not UTF-8 text/);
    expect(await refused(new Uint8Array())).toBe('The file is empty.');
    expect(await refused('first name,city\n')).toBe('The file has a header row but no rows under it.');
    expect(await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toMatch(/not a CSV file: it holds binary data/);
    expect(await refused('first name,city\n"Ann,Rome\nBob,Turin\n')).toMatch(/a quote opened in row 2 is never closed/);
    const notCsv = await callError(desk.call('contacts.importPreview', { csv: '{"contacts": []}\n{"x": 1}\n', mode: 'add' }));
    expect(notCsv.message).toMatch(/does not look like a CSV file of contacts/);
  });

  it('names the file’s problem in its one issue, for front ends to say in their language', async () => {
    const problemOf = async (csv: string | Uint8Array) => csvFileProblem((await callError(desk.call('contacts.importPreview', { csv, mode: 'add' }))).issues);
    expect(await problemOf(Buffer.from('Nome,Città\nNicolò,Forlì\n', 'latin1'))).toBe('notUtf8');
    expect(await problemOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nome,Città\n', 'utf16le')]))).toBe('utf16');
    expect(await problemOf(new Uint8Array())).toBe('empty');
    expect(await problemOf('first name,city\n')).toBe('noRows');
    expect(await problemOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('binary');
    expect(await problemOf('first name,city\n"Ann,Rome\nBob,Turin\n')).toBe('unclosedQuote');
    expect(await problemOf('{"contacts": []}\n{"x": 1}\n')).toBe('notContacts');
  });

  it('takes UTF-8 bytes with a byte order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Nome,Città\nNicolò,Forlì\n', 'utf8')]);
    const preview = await desk.call('contacts.importPreview', { csv: bytes, mode: 'add' });
    expect(preview.rows[0]!.params).toEqual({ firstname: 'Nicolò', city: 'Forlì' });
  });
});

describe('contacts.import', () => {
  it('queues exactly the valid rows, one entry each in the file\'s order, and counts the one left out', async () => {
    const before = await queuedCount();
    const preview = await desk.call('contacts.importPreview', { csv: ITALIAN, mode: 'add' });
    const result = await desk.call('contacts.import', { csv: ITALIAN, mode: 'add', mapping: preview.mapping });
    expect(result).toMatchObject({ queued: 2, skipped: 1 });
    const entries = (await desk.call('outbox.list')).filter((e) => result.entryIds.includes(e.id)).reverse();
    expect(entries.map((e) => [e.kind, (e.params as { email?: string }).email])).toEqual([
      ['add-contact', 'anna.rossi@example.com'],
      ['add-contact', 'carla@example.com'],
    ]);
    expect(await queuedCount()).toBe(before + 2);
  });

  it('refuses a file of more rows than a bulk edit takes, queuing nothing, and says to split it (issue 35.16)', async () => {
    const before = await queuedCount();
    const rows = Array.from({ length: BULK_LIMIT + 1 }, (_, i) => `Row${i},Many,row-${i}@example.com`);
    const csv = ['firstname,lastname,email', ...rows].join('\n');
    const error = await callError(desk.call('contacts.import', { csv, mode: 'add', mapping: ['firstname', 'lastname', 'email'] }));
    expect(error).toMatchObject({ code: 'refused' });
    expect(error.message).toBe(`The file has ${(BULK_LIMIT + 1).toLocaleString('en-US')} rows to queue; one import queues at most ${BULK_LIMIT.toLocaleString('en-US')}: split the file and import each part.`);
    expect(await queuedCount()).toBe(before);
  });

  it('updates by e-mail the contact a queued import just created', async () => {
    const csv = 'email,city\ncarla@example.com,Firenze\n';
    const preview = await desk.call('contacts.importPreview', { csv, mode: 'update-by-email' });
    expect(preview.rows[0]!.contactId).toMatch(/^local:\d+$/);
    const result = await desk.call('contacts.import', { csv, mode: 'update-by-email', mapping: preview.mapping });
    const [entry] = (await desk.call('outbox.list')).filter((e) => result.entryIds.includes(e.id));
    expect(entry).toMatchObject({ kind: 'update-contact', params: { contactid: preview.rows[0]!.contactId, city: 'Firenze' } });
  });
});
