import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MirrorQueryError, type Mirror } from '../../electron/core/mirror/index.js';
import { announcement, contact, domain, openMirror, order, service, tempDir, ticket } from './mirror-fixtures.js';

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

  it('does not match the middle of a word, nor an out-of-order name', () => {
    expect(found('ample')).toEqual([]);
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

  it('returns titles and subtitles to show', () => {
    expect(mirror.search('482913')[0]).toEqual({
      resource: 'tickets', id: 20, title: '#482913 Cannot reach my mailbox', subtitle: 'Open · last reply 2026-11-01 10:00:00',
    });
    expect(mirror.search('zoe')[0]).toMatchObject({ title: 'Zoë Müller', subtitle: 'zoe@bakery.test · Bäckerei Schön' });
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
