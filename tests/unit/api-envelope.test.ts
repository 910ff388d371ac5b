/**
 * A list reply's envelope read without decoding its records (readEnvelope), checked against JSON.parse on
 * both list shapes and on replies built to trip a scanner; and the decoding of such a page elsewhere
 * (decodeListPageBytes), which must agree with the counters the list was paged by.
 */
import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../electron/core/api/envelope.js';
import { ApiError } from '../../electron/core/api/errors.js';
import { decodeListPageBytes } from '../../electron/core/api/paged-lists.js';
import { fixture, fixtureText, toFlat, type Body } from './fixtures/api/shapes.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** What the envelope should read, by JSON.parse: the four members, counters as whole numbers. */
function expected(body: Body) {
  const count = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : null);
  return {
    result: typeof body.result === 'string' ? body.result : null,
    total: count(body.totalresults),
    start: count(body.startnumber),
    returned: count(body.numreturned),
  };
}

const LIST_FIXTURES = [
  'clients-domains.flat.json',
  'clients-products.nested.json',
  'orders.flat.json',
  'orders.nested.json',
  'transactions.nested.json',
  'contacts.flat.json',
  'announcements.flat.json',
  'tickets.nested.json',
];

describe('readEnvelope', () => {
  it.each(LIST_FIXTURES)('%s: reads what JSON.parse reads, in either shape and with the members in any order', (name) => {
    const body = fixture(name);
    for (const shape of [body, toFlat(body)]) {
      expect(readEnvelope(bytes(JSON.stringify(shape)))).toEqual(expected(shape));
      // The envelope last, after every record: the scan skips the records to find it.
      const reversed = Object.fromEntries(Object.entries(shape).reverse());
      expect(readEnvelope(bytes(JSON.stringify(reversed, null, 2)))).toEqual(expected(shape));
    }
  });

  it('stops once it has the four members: the records after them are not read', () => {
    const text = fixtureText('clients-domains.flat.json');
    const cut = text.indexOf('"domains[domain][0][id]"');
    expect(readEnvelope(bytes(`${text.slice(0, cut)}"domains[domain][0][id]": "3`))).toEqual({ result: 'success', total: 2, start: 0, returned: 2 });
  });

  it('skips values that would trip a scanner: braces and quotes inside strings, escapes, nesting, numbers, literals', () => {
    const body = {
      notes: 'a "quoted" {brace} [bracket] \\ and, comma',
      nested: { a: [1, { b: '}]' }, [], {}], c: null },
      flag: true,
      rate: -1.5e3,
      'key with \\"escape\\"': 'x',
      numreturned: 3,
      totalresults: '40',
      startnumber: '25',
      result: 'success',
    };
    expect(readEnvelope(bytes(`\ufeff \n${JSON.stringify(body, null, '\t')}`))).toEqual({ result: 'success', total: 40, start: 25, returned: 3 });
  });

  it('absent or malformed counters read as null; a result that is not a string too', () => {
    const none = { total: null, start: null, returned: null };
    expect(readEnvelope(bytes('{"result":"error","message":"Injected fault"}'))).toEqual({ result: 'error', ...none });
    expect(readEnvelope(bytes('{"result":1,"totalresults":"12x","startnumber":"","numreturned":-2}'))).toEqual({ result: null, ...none });
    expect(readEnvelope(bytes('{}'))).toEqual({ result: null, ...none });
  });

  it.each([
    ['an array', '[{"result":"success"}]'],
    ['a string', '"success"'],
    ['an unterminated object', '{"result":"success","totalresults":"2"'],
    ['an unterminated string', '{"result":"succ'],
    ['a missing colon', '{"result" "success"}'],
    ['HTML', '<html><body>Bad gateway</body></html>'],
    ['nothing', ''],
  ])('is null for %s', (_, text) => {
    expect(readEnvelope(bytes(text))).toBeNull();
  });
});

describe('decodeListPageBytes', () => {
  const text = fixtureText('clients-domains.flat.json');

  it('decodes the records of a page handed on as bytes', () => {
    const records = decodeListPageBytes('get-clients-domains', bytes(text), { total: 2, returned: 2 });
    expect(records.map((d) => d.domainName)).toEqual(['bakery-example.test', expect.any(String)]);
  });

  it('refuses a reply whose full reading disagrees with the counters it was paged by', () => {
    const error = (() => {
      try {
        decodeListPageBytes('get-clients-domains', bytes(text), { total: 3, returned: 2 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'protocol', operation: 'get-clients-domains', message: expect.stringMatching(/reads 2 of 2 rows in full, 2 of 3 at first/) });
  });

  it('refuses a reply whose result, read in full, is not success (a member repeated after the envelope)', () => {
    const repeated = text.replace(/\}\s*$/, ', "result": "error"}');
    expect(() => decodeListPageBytes('get-clients-domains', bytes(repeated), { total: 2, returned: 2 })).toThrow(/expected 'success', got "error"/);
    expect(() => decodeListPageBytes('get-clients-domains', bytes('[]'), { total: 0, returned: 0 })).toThrow(/not a JSON object/);
  });
});
