import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MirrorQueryError, type Mirror } from '../../electron/core/mirror/index.js';
import { announcement, clientRecord, contact, domain, openMirror, order, service, tempDir, ticket, transaction } from './mirror-fixtures.js';

let mirror: Mirror;
let cleanup: () => void;

beforeAll(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  mirror = openMirror(temp.dir);
  mirror.applySnapshot('domains', [
    domain(1, { domainName: 'example.com' }),
    domain(2, { domainName: 'my-shop.co.uk' }),
    domain(3, { domainName: 'bakery.de' }),
  ]);
  mirror.applySnapshot('contacts', [
    contact(10, { firstName: 'Zoë', lastName: 'Müller', email: 'zoe@bakery.test', companyName: 'Bäckerei Schön' }),
    contact(11, { firstName: 'Sales', lastName: 'Team', email: 'sales@example.com', companyName: 'Acme Widgets Inc.' }),
    contact(12, { firstName: 'Łukasz', lastName: 'Wójcik', email: 'lukasz@wojcik.pl' }),
  ]);
  mirror.applySnapshot('tickets', [ticket(20, { tid: '482913', subject: 'Cannot reach my mailbox' })]);
  mirror.applySnapshot('orders', [order(30, { orderNum: '5839201746' })]);
  mirror.applySnapshot('services', [service(40, { name: 'Reseller Gold', domain: 'gold-host.net', username: 'goldadmin' })]);
  mirror.applySnapshot('announcements', [announcement(50, { title: 'Scheduled maintenance on Saturday' })]);
});

/** What issue 22 item 16 saw search miss, each in a mirror file of its own (the names would find one another). */
describe('search finds any part of a name', () => {
  let missed: Mirror;
  let done: () => void;
  beforeAll(() => {
    const temp = tempDir();
    done = temp.cleanup;
    missed = openMirror(temp.dir);
    missed.applySnapshot('domains', [
      domain(1, { domainName: 'cloudhappy.store' }),
      domain(2, { domainName: 'thecoastalalpine.com' }),
      domain(3, { domainName: 'dentalhappy.com' }),
      domain(4, { domainName: 'bakery.de' }),
      domain(5, { domainName: 'studio.dev' }),
    ]);
    missed.applySnapshot('client', [clientRecord({ firstName: 'Zoë', lastName: 'Müller', companyName: 'Zoë Hosting', city: 'Köln' })]);
    missed.applySnapshot('contacts', [contact(10, { firstName: 'Piero', lastName: 'Rossi', city: 'Reggio Emilia' })]);
    missed.applySnapshot('transactions', [transaction(20, { transId: 'TXN-8F3K29QZ' })]);
  });
  afterAll(() => {
    missed.dispose();
    done();
  });
  const hits = (text: string) => missed.search(text).map((hit) => `${hit.resource}:${hit.id}`);

  it('the middle or the end of a domain name', () => {
    expect(hits('happy')).toEqual(expect.arrayContaining(['domains:1', 'domains:3']));
    expect(hits('happy')).toHaveLength(2);
    expect(hits('coastal')).toEqual(['domains:2']);
    expect(hits('COASTALALP')).toEqual(['domains:2']);
    expect(hits('happy.store')).toEqual(['domains:1']);
  });

  it('a query starting with a dot is the end of a name: .de is bakery.de, not dentalhappy.com nor studio.dev', () => {
    expect(hits('.de')).toEqual(['domains:4']);
    expect(hits('.com')).toEqual(expect.arrayContaining(['domains:2', 'domains:3']));
    expect(hits('.com')).toHaveLength(2);
    expect(hits('.dev')).toEqual(['domains:5']);
    expect(hits('y.de')).toEqual(['domains:4']);
  });

  it('the account holder, by name with or without diacritics, by company and city', () => {
    for (const text of ['Müller', 'muller', 'MULLER', 'Zoë', 'zoe', 'ller', 'zoe hosting', 'koln', 'Köln']) expect(hits(text), text).toEqual(['client:1']);
    expect(missed.search('muller')[0]).toMatchObject({ resource: 'client', id: 1, title: 'Zoë Müller' });
  });

  it("a contact's city and a payment's transaction id, whole or in part", () => {
    expect(hits('reggio')).toEqual(['contacts:10']);
    expect(hits('emilia')).toEqual(['contacts:10']);
    expect(hits('TXN-8F3K29QZ')).toEqual(['transactions:20']);
    expect(hits('8f3k')).toEqual(['transactions:20']);
    expect(missed.search('8f3k')[0]).toMatchObject({ title: 'TXN-8F3K29QZ' });
  });

  it('a hit says which field it was found by when its heading does not show it: a contact by its city, a service by its username', () => {
    expect(missed.search('reggio')[0]!.details).toContainEqual({ kind: 'field', field: 'city', value: 'Reggio Emilia' });
    expect(missed.search('Rossi')[0]!.details).not.toContainEqual(expect.objectContaining({ kind: 'field' }));
    expect(mirror.search('goldad')[0]!.details).toContainEqual({ kind: 'field', field: 'username', value: 'goldadmin' });
    // The account holder the same way, its city said once.
    expect(missed.search('koln')[0]!.details.filter((d) => d.value === 'Köln')).toEqual([{ kind: 'field', field: 'city', value: 'Köln' }]);
    // A queued record's heading says the same (record-filter's recordSearchHeading).
    expect(missed.searchHeading('contacts', contact(99, { firstName: 'Ada', lastName: 'Neri', city: 'Reggio Calabria' }), 'calabria')!.details).toContainEqual({
      kind: 'field',
      field: 'city',
      value: 'Reggio Calabria',
    });
  });

  it('words of one or two characters match the start of a word', () => {
    expect(hits('st').sort()).toEqual(['domains:1', 'domains:5']); // cloudhappy.store, studio.dev
    expect(hits('pp')).toEqual([]);
    expect(hits('d')).toEqual(expect.arrayContaining(['domains:3', 'domains:5']));
    expect(hits('de')).toEqual(expect.arrayContaining(['domains:3', 'domains:4', 'domains:5']));
    expect(hits('de happy')).toEqual(['domains:3']);
  });

  it('a list\'s text filter finds the same', () => {
    expect(missed.list('domains', { text: 'happy' }).rows.map((d) => d.domainName).sort()).toEqual(['cloudhappy.store', 'dentalhappy.com']);
    expect(missed.list('domains', { text: '.de' }).rows.map((d) => d.domainName)).toEqual(['bakery.de']);
    expect(missed.list('contacts', { text: 'emilia' }).total).toBe(1);
    expect(missed.list('transactions', { text: '8f3k' }).total).toBe(1);
  });
});
afterAll(() => {
  mirror.dispose();
  cleanup();
});

const found = (text: string) => mirror.search(text).map((hit) => `${hit.resource}:${hit.id}`);

describe('search', () => {
  it('finds a domain by a prefix, by its first label and by its full name', () => {
    expect(found('exam')).toContain('domains:1');
    expect(found('example')).toContain('domains:1');
    expect(found('example.com')).toContain('domains:1');
    expect(found('EXAMPLE.COM')).toContain('domains:1');
    expect(found('my-shop')).toEqual(['domains:2']);
    expect(found('my-shop.co.uk')).toEqual(['domains:2']);
  });

  it('matches the middle of a word, not an out-of-order name', () => {
    expect(found('ample')).toEqual(['domains:1', 'contacts:11']);
    expect(found('com.example')).toEqual([]);
  });

  it('ranks the short domain above the contact whose e-mail mentions it', () => {
    expect(found('example.com')).toEqual(['domains:1', 'contacts:11']);
  });

  it('finds names with or without diacritics', () => {
    expect(found('zoe')).toEqual(['contacts:10']);
    expect(found('Zoë')).toEqual(['contacts:10']);
    expect(found('muller')).toEqual(['contacts:10']);
    expect(found('MÜLLER')).toEqual(['contacts:10']);
    expect(found('lukasz wojcik')).toEqual(['contacts:12']);
    expect(found('backerei')).toEqual(['contacts:10']);
  });

  it('requires every word, in any order', () => {
    expect(found('muller zoe')).toEqual(['contacts:10']);
    expect(found('zoe team')).toEqual([]);
  });

  it('finds e-mail addresses and companies', () => {
    expect(found('sales@example')).toEqual(['contacts:11']);
    expect(found('acme')).toEqual(['contacts:11']);
  });

  it('finds a ticket by number (with or without #) and by subject, an order by number', () => {
    expect(found('482913')).toEqual(['tickets:20']);
    expect(found('#482913')).toEqual(['tickets:20']);
    expect(found('4829')).toEqual(['tickets:20']);
    expect(found('mailbox')).toEqual(['tickets:20']);
    expect(found('5839201746')).toEqual(['orders:30']);
    expect(found('58392')).toEqual(['orders:30']);
  });

  it('finds services by name, domain and username, and announcements by title', () => {
    expect(found('gold')).toEqual(expect.arrayContaining(['services:40']));
    expect(found('gold-host.net')).toEqual(['services:40']);
    expect(found('goldadmin')).toEqual(['services:40']);
    expect(found('maintenance')).toEqual(['announcements:50']);
  });

  it('returns titles, and details as facts a front end words (a status, a last reply)', () => {
    expect(mirror.search('482913')[0]).toEqual({
      resource: 'tickets', id: 20, title: '#482913 Cannot reach my mailbox',
      details: [{ kind: 'status', value: 'Open' }, { kind: 'lastReply', value: '2026-11-01 10:00:00' }],
    });
    expect(mirror.search('zoe')[0]).toMatchObject({
      title: 'Zoë Müller',
      details: [{ kind: 'text', value: 'zoe@bakery.test' }, { kind: 'text', value: 'Bäckerei Schön' }],
    });
    // An order's title is its number alone: the words ("Order") are the front end's, as its statuses are.
    expect(mirror.search('5839201746')[0]).toMatchObject({
      title: '#5839201746',
      details: [
        { kind: 'date', value: '2026-10-01' },
        { kind: 'status', value: 'Pending' },
        { kind: 'status', value: 'Unpaid' },
        { kind: 'amount', value: '12.00' },
      ],
    });
  });

  it('treats query syntax as plain text and ignores empty input', () => {
    for (const text of ['"', 'a"b', 'foo AND', '(', ')', '-', '*', 'NEAR(', 'title:x', '^bakery', 'OR', '']) {
      expect(() => mirror.search(text)).not.toThrow();
    }
    expect(found('^bakery')).toEqual(expect.arrayContaining(['domains:3']));
    expect(found('   ')).toEqual([]);
    expect(found('#')).toEqual([]);
  });

  it('honours the limit, and refuses one out of range', () => {
    expect(mirror.search('b', 1)).toHaveLength(1);
    expect(() => mirror.search('b', 0)).toThrow(MirrorQueryError);
    expect(() => mirror.search('b', 1.5)).toThrow(MirrorQueryError);
  });
});
