/**
 * The writer thread's decoding ahead: pages decoded one per turn of the event loop while nothing else waits,
 * never more rows ahead than the budget, and a resource's written or dropped pages no longer counted.
 */
import { describe, expect, it } from 'vitest';
import { DecodeAhead } from '../../electron/core/sync/decode-ahead.js';
import type { ReplyPage } from '../../electron/core/sync/snapshot-sink.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const settle = async () => {
  for (let i = 0; i < 10; i++) await turn();
};

/** A page that notes when it is decoded. */
function page(name: string, count: number, decoded: string[]): ReplyPage {
  return { count, decode: () => decoded.push(name) } as unknown as ReplyPage;
}

describe('DecodeAhead', () => {
  it('decodes waiting pages in idle turns, in the order they came, up to the budget', async () => {
    const decoded: string[] = [];
    const ahead = new DecodeAhead(250);
    ahead.add('domains', page('d1', 100, decoded));
    ahead.add('domains', page('d2', 100, decoded));
    ahead.add('domains', page('d3', 100, decoded));
    expect(decoded).toEqual([]);
    await turn();
    expect(decoded).toEqual(['d1']);
    await settle();
    expect(decoded).toEqual(['d1', 'd2']);
  });

  it('a written resource frees its share of the budget; its pages still waiting are left to the write', async () => {
    const decoded: string[] = [];
    const ahead = new DecodeAhead(100);
    ahead.add('domains', page('d1', 100, decoded));
    ahead.add('domains', page('d2', 100, decoded));
    ahead.add('orders', page('o1', 100, decoded));
    await settle();
    expect(decoded).toEqual(['d1']);
    ahead.release('domains');
    await settle();
    expect(decoded).toEqual(['d1', 'o1']);
  });
});
