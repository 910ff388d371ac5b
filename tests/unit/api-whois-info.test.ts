import { describe, expect, it } from 'vitest';
import { parseWhoisJson, parseWhoisText } from '../../electron/core/api/whois-info.js';
import type { WireObject } from '../../electron/core/api/wire-shape.js';
import { fixture, fixtureText } from './fixtures/api/shapes.js';

describe('whois-info text', () => {
  it('ICANN layout: statuses, dates, registrar, nameservers, contacts; redacted contacts left out', () => {
    const raw = fixtureText('whois-info.icann.txt');
    const info = parseWhoisText(raw);
    expect(info).toMatchObject({
      found: true,
      statuses: ['clientTransferProhibited', 'clientUpdateProhibited'],
      createdOn: '2024-03-09',
      expiresOn: '2026-03-09',
      updatedOn: '2025-03-09',
      registrar: 'eNom, LLC',
      nameservers: ['ns1.host.test', 'ns2.host.test'],
    });
    expect(info.contacts).toEqual({
      registrant: { name: 'Ada Baker', organization: 'Bakery Example Ltd', email: 'ada@bakery-example.test' },
      tech: { name: 'Ben Miller', organization: null, email: 'ben@mill.test' },
    });
    expect(info.raw).toBe(raw);
  });

  it('"No match" text: not found, nothing invented', () => {
    const info = parseWhoisText(fixtureText('whois-info.nomatch.txt'));
    expect(info).toMatchObject({ found: false, statuses: [], createdOn: null, expiresOn: null, registrar: null, nameservers: [], contacts: {} });
  });

  it.each(['NOT FOUND', 'No Data Found', 'Domain not found.', 'No entries found for the selected source(s).', 'Status: free'])(
    'other registries\' not-found wording: %s',
    (text) => expect(parseWhoisText(`${text}\n`).found).toBe(false),
  );

  it('indented block layout (.uk style) with day-month-year dates', () => {
    const info = parseWhoisText(fixtureText('whois-info.uk.txt'));
    expect(info).toMatchObject({
      found: true,
      createdOn: '2024-03-09',
      expiresOn: '2026-03-09',
      updatedOn: '2025-03-10',
      registrar: 'Example Registrar Ltd [Tag = EXAMPLE]',
      nameservers: ['ns1.host.test', 'ns2.host.test'],
      statuses: ['Registered until expiry date.'],
    });
    expect(info.contacts.registrant?.name).toBe('Ada Baker');
  });

  it('empty text is not a record', () => {
    expect(parseWhoisText('').found).toBe(false);
  });
});

describe('whois-info JSON variant', () => {
  it('reads role keys holding JSON strings (even with upstream\'s bare words) or objects', () => {
    const info = parseWhoisJson(fixture('whois-info.registrant-json.json') as WireObject);
    expect(info.found).toBe(true);
    expect(info.contacts).toEqual({
      registrant: { name: 'Ada Baker', organization: null, email: 'ada@bakery-example.test' },
      tech: { name: 'Ben Miller', organization: null, email: 'ben@mill.test' },
    });
    expect(JSON.parse(info.raw)).toMatchObject({ result: 'success' });
  });

  it('no contact at all: not found', () => {
    expect(parseWhoisJson({ result: 'success', Registrant: 'not json' }).found).toBe(false);
  });
});
