/**
 * Decoding reply pages ahead of their write (the writer thread's idle time), with the thread's turns run by
 * hand: a page decoded ahead gives the same rows as one decoded at its write and no longer holds its reply
 * bytes; a page read again before its turn, or dropped, is left alone; one that cannot be decoded keeps its
 * error for the write.
 */
import { describe, expect, it } from 'vitest';
import { DecodeAhead } from '../../electron/core/sync/decode-ahead.js';
import { PageBuffer, replyPage } from '../../electron/core/sync/snapshot-sink.js';
import { fixtureText } from './fixtures/api/shapes.js';

const REPLY = fixtureText('clients-domains.flat.json');

function page(offset: number, text = REPLY) {
  // A buffer of its own (a small Buffer.from shares Node's pool, which is never freed from one view of it).
  const bytes = Buffer.alloc(Buffer.byteLength(text));
  bytes.write(text);
  return { bytes, page: replyPage('domains', offset, 25, 'get-clients-domains', { kind: 'bytes', bytes, total: 2, start: 0, returned: 2 }) };
}

/** A DecodeAhead whose turns wait in `turns` until run. */
function byHand(buffer: PageBuffer, maxRowsAhead?: number, maxBytesAhead?: number) {
  const turns: Array<() => void> = [];
  const ahead = new DecodeAhead(buffer, (task) => turns.push(task), maxRowsAhead, maxBytesAhead);
  const runAll = () => {
    while (turns.length > 0) turns.shift()!();
  };
  return { ahead, turns, runAll };
}

describe('DecodeAhead', () => {
  it('decodes one page per turn; a page decoded ahead gives the rows a write-time decode gives, its reply bytes freed', () => {
    const expected = [...page(0).page.rows()];
    const buffer = new PageBuffer();
    const { ahead, turns, runAll } = byHand(buffer);
    const first = page(0);
    const second = page(2);
    buffer.put('domains', first.page);
    ahead.add('domains', first.page, first.bytes.byteLength);
    buffer.put('domains', second.page);
    ahead.add('domains', second.page, second.bytes.byteLength);
    expect(turns).toHaveLength(1);

    turns.shift()!();
    expect(first.bytes.byteLength).toBe(0);
    expect(second.bytes.byteLength).toBeGreaterThan(0);
    expect(buffer.holds('domains', first.page)).toBe(false);
    runAll();
    expect(second.bytes.byteLength).toBe(0);

    const rows = [...buffer.take('domains', 4)];
    expect(rows).toEqual([...expected, ...expected]);
  });

  it('decodes ahead at most its row budget of a resource; the pages past it wait as bytes and give the same rows', () => {
    const expected = [...page(0).page.rows()];
    const buffer = new PageBuffer();
    const { ahead, runAll } = byHand(buffer, 3);
    const [first, second] = [page(0), page(2)];
    const other = page(0);
    for (const { page: p, bytes } of [first, second]) {
      buffer.put('domains', p);
      ahead.add('domains', p, bytes.byteLength);
    }
    buffer.put('services', other.page);
    ahead.add('services', other.page, other.bytes.byteLength);
    runAll();

    expect(first.bytes.byteLength).toBe(0);
    expect(second.bytes.byteLength).toBeGreaterThan(0);
    expect(other.bytes.byteLength).toBe(0);
    expect([...buffer.take('domains', 4)]).toEqual([...expected, ...expected]);
  });

  it('decodes ahead at most its bytes budget of a resource: large rows past it wait as bytes, and give the same rows', () => {
    const expected = [...page(0).page.rows()];
    const buffer = new PageBuffer();
    const [first, second, third] = [page(0), page(2), page(4)];
    const { ahead, runAll } = byHand(buffer, undefined, first.bytes.byteLength * 2);
    for (const { page: p, bytes } of [first, second, third]) {
      buffer.put('domains', p);
      ahead.add('domains', p, bytes.byteLength);
    }
    runAll();

    expect(first.bytes.byteLength).toBe(0);
    expect(second.bytes.byteLength).toBe(0);
    expect(third.bytes.byteLength).toBeGreaterThan(0);
    expect([...buffer.take('domains', 6)]).toEqual([...expected, ...expected, ...expected]);
  });

  it('leaves alone a page read again or dropped before its turn', () => {
    const buffer = new PageBuffer();
    const { ahead, runAll } = byHand(buffer);
    const stale = page(0);
    const fresh = page(0);
    buffer.put('domains', stale.page);
    ahead.add('domains', stale.page, stale.bytes.byteLength);
    buffer.put('domains', fresh.page);
    const dropped = page(0);
    buffer.put('services', dropped.page);
    ahead.add('services', dropped.page, dropped.bytes.byteLength);
    buffer.drop('services');
    runAll();

    expect(stale.bytes.byteLength).toBeGreaterThan(0);
    expect(dropped.bytes.byteLength).toBeGreaterThan(0);
    expect(buffer.holds('domains', fresh.page)).toBe(true);
    expect([...buffer.take('domains', 2)].map((row) => row[0])).toEqual([31, 32]);
  });

  it('keeps the error of a page it cannot decode, for the write to fail with, unless the page is read again', () => {
    const buffer = new PageBuffer();
    const { ahead, runAll } = byHand(buffer);
    const broken = page(0, '{"result":"success","numreturned":2,"domains":');
    buffer.put('domains', broken.page);
    ahead.add('domains', broken.page, broken.bytes.byteLength);
    runAll();
    expect(() => [...buffer.take('domains', 2)]).toThrow(/get-clients-domains: unexpected reply/);

    buffer.put('domains', broken.page);
    ahead.add('domains', broken.page, broken.bytes.byteLength);
    runAll();
    buffer.put('domains', page(0).page);
    expect([...buffer.take('domains', 2)]).toHaveLength(2);
  });
});
