import { unserialize } from 'php-serialize';
import { describe, expect, it } from 'vitest';
import {
  encodeAddonList,
  encodeAttachments,
  encodeConfigOptions,
  encodeCustomFields,
  encodeDomainFields,
  encodeDomainRenewals,
  encodeInvoiceItems,
  phpSerializedBase64,
} from '../../electron/core/api/encoders.js';
import { formEntries, toFormData, toUrlEncoded } from '../../electron/core/api/form.js';

const fromBase64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

describe('PHP-serialized base64 fields', () => {
  it('custom fields keep integer keys as PHP integer keys', () => {
    const encoded = encodeCustomFields({ 12: 'Shop', 15: 'Zoë "quoted"' });
    const php = fromBase64(encoded);
    expect(php).toBe('a:2:{i:12;s:4:"Shop";i:15;s:13:"Zoë "quoted"";}');
    expect(unserialize(php)).toEqual({ 12: 'Shop', 15: 'Zoë "quoted"' });
  });

  it('config options: {configid: choiceid} with integers on both sides', () => {
    const php = fromBase64(encodeConfigOptions({ 3: 31, 5: 51 }));
    expect(php).toBe('a:2:{i:3;i:31;i:5;i:51;}');
    expect(unserialize(php)).toEqual({ 3: 31, 5: 51 });
    expect(() => encodeConfigOptions({ 3: 1.5 })).toThrow(RangeError);
  });

  it('domain fields: a list becomes an indexed array, a map keeps its names', () => {
    expect(unserialize(fromBase64(encodeDomainFields(['Individual', 'GB'])))).toEqual(['Individual', 'GB']);
    expect(unserialize(fromBase64(encodeDomainFields({ 'Legal Type': 'UK Individual' })))).toEqual({ 'Legal Type': 'UK Individual' });
  });

  it('is plain base64 of the serialized text', () => {
    expect(phpSerializedBase64([])).toBe(Buffer.from('a:0:{}').toString('base64'));
  });
});

describe('other packed fields', () => {
  it('add-on lists are comma separated ids', () => {
    expect(encodeAddonList([12, 13])).toBe('12,13');
    expect(encodeAddonList([])).toBe('');
    expect(() => encodeAddonList([Number.NaN])).toThrow(RangeError);
  });

  it('domain renewals become domainrenewals[domain]=years', () => {
    expect(encodeDomainRenewals({ 'a.test': 2, 'b.test': 1 })).toEqual([
      ['domainrenewals[a.test]', '2'],
      ['domainrenewals[b.test]', '1'],
    ]);
    expect(() => encodeDomainRenewals({ 'a.test': 0 })).toThrow(RangeError);
  });

  it('attachments: base64 of JSON [{name, data}] with base64 data, binary-safe', () => {
    const bytes = new Uint8Array([0, 255, 10, 13, 128]);
    const decoded = JSON.parse(fromBase64(encodeAttachments([{ name: 'log.bin', data: bytes }, { name: 'a.txt', data: Buffer.from('hi') }]))) as Array<{ name: string; data: string }>;
    expect(decoded.map((f) => f.name)).toEqual(['log.bin', 'a.txt']);
    expect([...Buffer.from(decoded[0]!.data, 'base64')]).toEqual([...bytes]);
    expect(Buffer.from(decoded[1]!.data, 'base64').toString()).toBe('hi');
  });

  it('invoice lines are numbered from 1 with two-decimal amounts and 1/0 taxed flags', () => {
    expect(
      encodeInvoiceItems([
        { description: 'Setup', amount: '12.5', taxed: true },
        { description: 'Hours', amount: 30 },
      ]),
    ).toEqual([
      ['itemdescription1', 'Setup'],
      ['itemamount1', '12.50'],
      ['itemtaxed1', '1'],
      ['itemdescription2', 'Hours'],
      ['itemamount2', '30.00'],
      ['itemtaxed2', '0'],
    ]);
    expect(() => encodeInvoiceItems([{ description: 'x', amount: '1.999' }])).toThrow(RangeError);
  });
});

describe('form bodies', () => {
  it('arrays as repeated name[], booleans as 1/0, undefined left out', () => {
    expect(formEntries({ pid: [4, 9], domain: ['a.test'], dnsmanagement: true, stats: false, promocode: undefined, note: 'x' })).toEqual([
      ['pid[]', '4'],
      ['pid[]', '9'],
      ['domain[]', 'a.test'],
      ['dnsmanagement', '1'],
      ['stats', '0'],
      ['note', 'x'],
    ]);
  });

  it('multipart keeps order and repeats; urlencoded for the token', () => {
    const form = toFormData([
      ['pid[]', '4'],
      ['pid[]', '9'],
    ]);
    expect(form.getAll('pid[]')).toEqual(['4', '9']);
    expect(toUrlEncoded([['grant_type', 'password'], ['password', 'a&b=c']]).toString()).toBe('grant_type=password&password=a%26b%3Dc');
  });
});
