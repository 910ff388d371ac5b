/**
 * parseReplyJson against its definition: the value of `JSON.parse(text)`, unflattened when it is an object,
 * with the same key order, and undefined exactly when JSON.parse throws. Generated texts cover the flattened
 * list replies the fast path reads and everything that must send it back to JSON.parse.
 */
import { describe, expect, it } from 'vitest';
import { parseReplyJson, scanFlatReply } from '../../electron/core/api/reply-json.js';
import { isWireObject, unflatten } from '../../electron/core/api/wire-shape.js';
import { seededRandom } from '../../shared/random.js';

/** The definition, stated independently of the implementation's own fallback. */
function reference(text: string): unknown {
  try {
    const value = JSON.parse(text) as unknown;
    return isWireObject(value) ? unflatten(value) : value;
  } catch {
    return undefined;
  }
}

const prototypeNames = Object.getOwnPropertyNames(Object.prototype);

function expectSame(text: string): unknown {
  const actual = parseReplyJson(text);
  const expected = reference(text);
  expect(actual, text).toEqual(expected);
  expect(JSON.stringify(actual), text).toBe(JSON.stringify(expected));
  expectPlainObjects(actual);
  // What interpretReply promises its decoders: unflatten changes nothing in a folded value.
  if (isWireObject(actual)) expect(JSON.stringify(unflatten(actual))).toBe(JSON.stringify(actual));
  return actual;
}

function expectPlainObjects(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value)) expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  for (const child of Object.values(value)) expectPlainObjects(child);
}

// ---- generated texts ----

const random = seededRandom(0x5eed);
const int = (n: number) => Math.floor(random() * n);
const chance = (p: number) => random() < p;
const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;

const SEGMENTS = ['domains', 'id', 'name', 'x', '0', '17', '', '__proto__', 'constructor', 'toString', 'é', '日本', '😀', 'a"b', 'back\\slash', 'sl/ash', 'tab\there', 'a b'];
/** Keys JSON.parse orders first (array indexes), and keys whose brackets are not well formed. */
const ODD_KEYS = ['5', '00', '4294967295', 'a[b', '[x]', 'a[b]c', 'a[[b]]', 'a]b', 'a[b][]', '__proto__', 'constructor'];
const STRINGS = ['', 'success', 'studio-market.store', '2021-10-23 12:07:33', 'Grüße, café', '日本語のテキスト', '😀 and 🎉', 'quote " inside', 'back \\ slash', 'a/b', 'line\nbreak\r\n', 'tab\t', '\u0001\u001f', '\u2028\u2029', '\ud800 lone'];
const NUMBERS = ['0', '-0', '7', '-12', '3.5', '-0.25', '1e5', '1E5', '2e+3', '2E-3', '-1.5e10', '123456789012345678901', '1e400', '-1e400', '5e-400', '9007199254740993'];
const SPACES = ['', '', '', ' ', '\t', '\n', '\r\n', '  \n\t'];

const ws = () => pick(SPACES);

/** `text` as a JSON string, each character either as it is (where JSON allows) or escaped in one of JSON's ways. */
function encode(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const code = ch.charCodeAt(0);
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined && (code < 0x20 || ch === '"' || ch === '\\' || chance(0.5))) out += short;
    else if (code < 0x20 || chance(0.1)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}
const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

type Member = [key: string, valueText: string];

function objectText(members: Member[]): string {
  const body = members.map(([key, value]) => `${ws()}${encode(key)}${ws()}:${ws()}${value}${ws()}`).join(',');
  return `${ws()}{${body === '' ? ws() : body}}${ws()}`;
}

function scalarText(): string {
  const r = random();
  if (r < 0.55) return encode(pick(STRINGS));
  if (r < 0.85) return pick(NUMBERS);
  return pick(['true', 'false', 'null']);
}

function keyText(): string {
  if (chance(0.15)) return pick(SEGMENTS);
  if (chance(0.1)) return pick(ODD_KEYS);
  const brackets = Array.from({ length: 1 + int(3) }, () => `[${pick(SEGMENTS)}]`);
  return pick(SEGMENTS) + brackets.join('');
}

/** An object or array value, its own keys sometimes repeated. */
function nestedText(depth: number): string {
  const value = () => (depth > 0 && chance(0.3) ? nestedText(depth - 1) : scalarText());
  if (chance(0.4)) return `[${Array.from({ length: int(4) }, () => `${ws()}${value()}${ws()}`).join(',')}]`;
  const members: Member[] = Array.from({ length: int(4) }, () => [keyText(), value()]);
  if (members.length > 0 && chance(0.3)) members.push([pick(members)[0], value()]);
  return objectText(members);
}

/** A flattened list reply as the provider sends it: counters, then the rows' fields under `items[item][i]`. */
function listMembers(): Member[] {
  const members: Member[] = [
    ['result', '"success"'],
    ['totalresults', chance(0.5) ? '"20000"' : '20000'],
  ];
  const fields = SEGMENTS.filter((s) => !/^\d+$/.test(s) && chance(0.5));
  const rows = int(4);
  for (let row = 0; row < rows; row++) {
    for (const field of fields) members.push([`items[item][${row}][${field}]`, scalarText()]);
  }
  if (chance(0.3)) members.push(['numreturned', String(rows)]);
  return members;
}

/** Insertions of what the fast path must refuse: nested values, repeated keys, odd keys, nodes replaced. */
function mixIn(members: Member[]): void {
  const at = () => int(members.length + 1);
  for (let n = int(4); n > 0; n--) members.splice(at(), 0, [keyText(), chance(0.3) ? nestedText(2) : scalarText()]);
  if (members.length > 0 && chance(0.4)) {
    const [key, value] = pick(members);
    members.splice(at(), 0, [key, chance(0.5) ? value : scalarText()]);
  }
  if (members.length > 0 && chance(0.3)) {
    const [key] = pick(members);
    const parent = key.slice(0, Math.max(0, key.lastIndexOf('[')));
    members.splice(at(), 0, chance(0.5) && parent !== '' ? [parent, scalarText()] : [`${key}[deeper]`, scalarText()]);
  }
}

/** Field names sharing prefixes (`a`, `ab`), long, non-ASCII, and more of them than a reply's names the scan keeps. */
const FIELDS = ['', 'a', 'ab', 'abc', 'b', 'id', 'paymentmethodname', 'é', '😀', ...Array.from({ length: 300 }, (_, i) => `f${i}`)];

function shuffled<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Rows whose fields are mostly, not always, the same and in the same order; some with sub-rows, some repeating a key. */
function recordMembers(): Member[] {
  const members: Member[] = [['result', '"success"']];
  const fields = FIELDS.filter(() => chance(chance(0.3) ? 0.8 : 0.05));
  for (let row = 0, rows = 1 + int(4); row < rows; row++) {
    let own = chance(0.3) ? fields.filter(() => chance(0.8)) : fields;
    if (chance(0.2)) own = shuffled(own);
    for (const field of own) {
      members.push([`list[item][${row}][${field}]`, scalarText()]);
      if (chance(0.03)) members.push([`list[item][${row}][sub][${int(2)}][${pick(FIELDS)}]`, scalarText()]);
    }
  }
  if (chance(0.2)) members.splice(int(members.length + 1), 0, [pick(members)[0], scalarText()]);
  return members;
}

function replyText(): string {
  if (chance(0.05)) return chance(0.5) ? nestedText(2) : scalarText();
  const members = listMembers();
  if (chance(0.5)) mixIn(members);
  return objectText(members);
}

const GLITCHES = ['"', '\\', ',', ':', '{', '}', '[', ']', ' ', '\u0000', '\n', '\u001f', '\u007f', 'a', '1', '-', '.', 'e', '\ufeff', '\u00a0', '\v', '\\u12', '\\x'];

/** One character inserted, replaced or dropped. */
function mutate(text: string): string {
  const at = int(text.length + 1);
  const r = random();
  if (r < 0.4) return text.slice(0, at) + pick(GLITCHES) + text.slice(at);
  if (r < 0.8) return text.slice(0, at) + pick(GLITCHES) + text.slice(at + 1);
  return text.slice(0, at) + text.slice(at + 1);
}

describe('parseReplyJson: same value, key order and failures as JSON.parse then unflatten', () => {
  it('over generated replies, and takes the fast path for a good share of them', () => {
    let fast = 0;
    const count = 3000;
    for (let i = 0; i < count; i++) {
      const text = replyText();
      expectSame(text);
      if (scanFlatReply(text) !== null) fast++;
    }
    expect(fast).toBeGreaterThan(count * 0.3);
    expect(fast).toBeLessThan(count * 0.8);
  });

  it('reads every flattened list reply of scalars on the fast path', () => {
    for (let i = 0; i < 500; i++) {
      const text = objectText(listMembers());
      expect(scanFlatReply(text), text).toEqual(reference(text));
    }
  });

  it('over rows with many, varying, reordered and repeated fields', () => {
    let fast = 0;
    const count = 300;
    for (let i = 0; i < count; i++) {
      const text = objectText(recordMembers());
      expectSame(text);
      expectSame(mutate(text));
      if (scanFlatReply(text) !== null) fast++;
    }
    expect(fast).toBeGreaterThan(count * 0.5);
  });

  it('over generated replies with one glitch each', () => {
    for (let i = 0; i < 3000; i++) expectSame(mutate(replyText()));
  });

  it('over a small reply cut off at every position', () => {
    const text = ' {"result":"success", "l[i][0][a]" : "x\\u00e9\\"","l[i][0][b]":-1.5e3,\n"l[i][1][a]":true,"n":null}\t';
    for (let at = 0; at <= text.length; at++) expectSame(text.slice(0, at));
  });

  it('leaves Object.prototype alone', () => {
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeNames);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseReplyJson: worked examples', () => {
  it('folds a flat reply on the fast path', () => {
    const text = '{"result":"success","n":"2","l[i][0][a]":"x","l[i][0][b]":1.5e2,"l[i][1][a]":null,"ok":true}';
    const folded = { result: 'success', n: '2', l: { i: { 0: { a: 'x', b: 150 }, 1: { a: null } } }, ok: true };
    expect(scanFlatReply(text)).toEqual(folded);
    expect(expectSame(text)).toEqual(folded);
  });

  it('decodes escapes in keys and values', () => {
    const text = String.raw`{"k\u00e9[\"q\"]":"a\"b\\c\/d\n\ud83d\ude00\u2028"}`;
    expect(scanFlatReply(text)).toEqual({ ké: { '"q"': 'a"b\\c/d\n😀\u2028' } });
  });

  it('reads a key in the text as it stands only where its characters are its text', () => {
    // The parent `a"b[0]` comes from an escaped key; the same characters unescaped end the string early.
    expect(parseReplyJson(String.raw`{"a\"b[0][x]":1,"a"b[0][y]":2}`)).toBeUndefined();
    const text = String.raw`{"\u00e9[0][x]":1,"é[0][y]":2,"é[0][\u0078x]":3,"é[0][z\"]":4,"é[0][x]":5}`;
    expect(scanFlatReply(text)).toBeNull(); // the last key repeats the first
    expect(expectSame(text)).toEqual({ é: { 0: { x: 5, y: 2, xx: 3, 'z"': 4 } } });
  });

  it('takes a known leaf name only where the key ends with it', () => {
    // After l[0][a], l[0][b] the scan expects `b` to follow `a` again; here a key only starts like `l[1][b]`.
    const rows = '{"l[0][a]":1,"l[0][b]":2,"l[1][a]":3,';
    expect(expectSame(`${rows}"l[1][bc":4}`)).toEqual({ l: { 0: { a: 1, b: 2 }, 1: { a: 3 } }, 'l[1][bc': 4 });
    expect(expectSame(`${rows}"l[1][b]c":4}`)).toEqual({ l: { 0: { a: 1, b: 2 }, 1: { a: 3 } }, 'l[1][b]c': 4 });
  });

  it('leaves repeated keys, array-index keys, nested values and {} to JSON.parse', () => {
    for (const [text, value] of [
      ['{"a":1,"b":2,"a":3}', { a: 3, b: 2 }],
      ['{"a[x]":1,"a[y]":2,"a[x]":3}', { a: { x: 3, y: 2 } }],
      ['{"a[x]":1,"a":2}', { a: 2 }],
      ['{"a":1,"a[x]":2}', { a: { x: 2 } }],
      ['{"b":1,"2":2}', { 2: 2, b: 1 }],
      ['{"a[b]":1,"a":{"c":2}}', { a: { b: 1, c: 2 } }],
      ['{}', {}],
    ] as const) {
      expect(scanFlatReply(text), text).toBeNull();
      expect(expectSame(text), text).toEqual(value);
    }
    expect(JSON.stringify(parseReplyJson('{"b":1,"2":2}'))).toBe('{"2":2,"b":1}');
  });

  it('keeps __proto__ and constructor as own properties', () => {
    const text = '{"__proto__[x]":"1","a[__proto__][polluted]":"yes","a[constructor]":"2","__proto__":"3"}';
    expect(scanFlatReply(text)).toBeNull(); // `__proto__` replaces the node `__proto__[x]` made
    const value = expectSame(text) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('3');
    expect(value.a).toEqual({ constructor: '2', ['__proto__']: { polluted: 'yes' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads texts that are no object as JSON.parse does', () => {
    expect(parseReplyJson(' [1,"x"] ')).toEqual([1, 'x']);
    expect(parseReplyJson('"x"')).toBe('x');
    expect(parseReplyJson('-0')).toBe(-0);
    expect(parseReplyJson('null')).toBeNull();
  });

  it.each([
    '',
    ' ',
    '\ufeff{"a":1}',
    '\u00a0{"a":1}',
    '{"a":1}\u00a0',
    '{"a":1} x',
    '{"a":1}}',
    '{"a":1,}',
    '{"a":"\u0001"}',
    '{"a\n":1}',
    '{"a":01}',
    '{"a":1.}',
    '{"a":.5}',
    '{"a":+1}',
    '{"a":NaN}',
    '{"a":True}',
    String.raw`{"a":"\x"}`,
    String.raw`{"a":"\u12"}`,
    "{'a':1}",
    '{"a" 1}',
    '{"a":1 "b":2}',
  ])('%j is not JSON: undefined', (text) => {
    expect(parseReplyJson(text)).toBeUndefined();
    expect(reference(text)).toBeUndefined();
  });
});
