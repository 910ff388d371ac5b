import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import { fetchAll, walkList, type PageFetcher } from '../../electron/core/api/paging.js';
import type { Page } from '../../shared/models.js';

/** An in-memory list served with a page cap, recording every request and the most pages in flight at once. */
function provider(rows: number[], cap = Infinity) {
  const requests: Array<[number, number]> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch: PageFetcher<number> = async (start, limit) => {
    requests.push([start, limit]);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    const items = rows.slice(start, start + Math.min(limit, cap));
    return { items, total: rows.length, start, returned: items.length } satisfies Page<number>;
  };
  return { fetch, requests, maxInFlight: () => maxInFlight };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('fetchAll', () => {
  it('first page, then the rest in parallel within the concurrency bound', async () => {
    const p = provider(range(103));
    expect(await fetchAll(p.fetch, { operation: 'get-orders', pageSize: 10, concurrency: 3 })).toEqual(range(103));
    expect(p.requests[0]).toEqual([0, 10]);
    expect(p.requests).toHaveLength(11);
    expect(p.maxInFlight()).toBe(3);
  });

  it('a server cap below the page size: shrinks to what came back, nothing skipped', async () => {
    const p = provider(range(50), 7);
    expect(await fetchAll(p.fetch, { operation: 'get-orders', pageSize: 25, concurrency: 4, idOf: (n) => n })).toEqual(range(50));
    expect(p.requests.slice(1).every(([, limit]) => limit <= 7)).toBe(true);
  });

  it('pages that come back out of order, some cut short by a cap, still give the list in order', async () => {
    const rows = range(97);
    const fetch: PageFetcher<number> = async (start, limit) => {
      // Later offsets answer first; every third page is capped at 4 rows.
      for (let wait = 0; wait < 100 - start; wait += 10) await new Promise((resolve) => setImmediate(resolve));
      const items = rows.slice(start, start + (start % 3 === 0 ? Math.min(limit, 4) : limit));
      return { items, total: rows.length, start, returned: items.length };
    };
    expect(await fetchAll(fetch, { operation: 'get-orders', pageSize: 10, concurrency: 4, idOf: (n) => n })).toEqual(rows);
  });

  it('one page or empty list', async () => {
    expect(await fetchAll(provider(range(5)).fetch, { operation: 'x', pageSize: 25 })).toEqual(range(5));
    const empty = provider([]);
    expect(await fetchAll(empty.fetch, { operation: 'x' })).toEqual([]);
    expect(empty.requests).toHaveLength(1);
  });

  it('totalresults changing mid-walk: the walk starts over and returns a consistent list', async () => {
    const rows = range(30);
    const p = provider(rows);
    let grown = false;
    const fetch: PageFetcher<number> = async (start, limit) => {
      if (start > 0 && !grown) {
        grown = true;
        rows.unshift(0);
      }
      return p.fetch(start, limit);
    };
    expect(await fetchAll(fetch, { operation: 'get-orders', pageSize: 10 })).toEqual([0, ...range(30)]);
    expect(p.requests.filter(([start]) => start === 0)).toHaveLength(2);
  });

  it('a list that keeps changing: protocol error after maxWalks', async () => {
    const rows = range(30);
    const p = provider(rows);
    const fetch: PageFetcher<number> = async (start, limit) => {
      if (start > 0) rows.push(rows.length + 1);
      return p.fetch(start, limit);
    };
    const error = await fetchAll(fetch, { operation: 'get-tickets', pageSize: 10, maxWalks: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'protocol', operation: 'get-tickets', field: 'totalresults' });
  });

  it('same total but shifted rows (one added in front, one removed at the end): the duplicate is caught, the list re-walked', async () => {
    const rows = range(20);
    const p = provider(rows);
    let shifted = false;
    const fetch: PageFetcher<number> = async (start, limit) => {
      if (start > 0 && !shifted) {
        shifted = true;
        rows.unshift(0);
        rows.pop();
      }
      return p.fetch(start, limit);
    };
    const all = await fetchAll(fetch, { operation: 'x', pageSize: 5, concurrency: 1, idOf: (n) => n });
    expect(all).toEqual([0, ...range(19)]);
  });

  it('a page with no rows before the promised total is a protocol error', async () => {
    const fetch: PageFetcher<number> = async (start) => ({ items: start === 0 ? [1, 2] : [], total: 10, start, returned: start === 0 ? 2 : 0 });
    await expect(fetchAll(fetch, { operation: 'get-contacts', pageSize: 2 })).rejects.toMatchObject({ kind: 'protocol', field: 'numreturned' });
  });

  it('a failing page fails the walk with its error', async () => {
    const p = provider(range(40));
    const boom = new ApiError({ kind: 'network', operation: 'x', message: 'gone' });
    const fetch: PageFetcher<number> = async (start, limit) => {
      if (start === 20) throw boom;
      return p.fetch(start, limit);
    };
    await expect(fetchAll(fetch, { operation: 'x', pageSize: 10 })).rejects.toBe(boom);
  });
});

describe('a provider that does not page as asked', () => {
  it('ignores paging (upstream get-transactions): a first page holding every row is the list, in one request', async () => {
    const rows = range(103);
    const requests: Array<[number, number]> = [];
    const fetch: PageFetcher<number> = async (start, limit) => {
      requests.push([start, limit]);
      return { items: rows, total: rows.length, start: 0, returned: rows.length };
    };
    expect(await fetchAll(fetch, { operation: 'get-transactions', pageSize: 10, idOf: (n) => n })).toEqual(rows);
    expect(requests).toEqual([[0, 10]]);
  });

  it('honours limitnum but not limitstart: a protocol error naming startnumber, not the first page over and over', async () => {
    const fetch: PageFetcher<number> = async (_, limit) => ({ items: range(limit), total: 30, start: 0, returned: limit });
    await expect(fetchAll(fetch, { operation: 'get-orders', pageSize: 10 })).rejects.toMatchObject({ kind: 'protocol', field: 'startnumber' });
  });

  it('more rows than asked on every page: later pages are asked at the provider\'s own size, none read twice', async () => {
    const rows = range(95);
    const requests: Array<[number, number]> = [];
    const fetch: PageFetcher<number> = async (start, limit) => {
      requests.push([start, limit]);
      const items = rows.slice(start, start + 30);
      return { items, total: rows.length, start, returned: items.length };
    };
    expect(await fetchAll(fetch, { operation: 'x', pageSize: 10, concurrency: 1, idOf: (n) => n })).toEqual(rows);
    expect(requests).toEqual([[0, 10], [30, 30], [60, 30], [90, 5]]);
  });

  it('more rows than asked on a later page: the rows past the range are left out', async () => {
    const rows = range(25);
    const fetch: PageFetcher<number> = async (start, limit) => {
      const items = rows.slice(start, start + (start === 0 ? limit : limit + 5));
      return { items, total: rows.length, start, returned: items.length };
    };
    expect(await fetchAll(fetch, { operation: 'x', pageSize: 10, idOf: (n) => n })).toEqual(rows);
  });
});

describe('a lying provider cannot make a walk endless', () => {
  it('a totalresults of 999,999,999,999 is refused after the first request', async () => {
    let requests = 0;
    const fetch: PageFetcher<number> = async (start, limit) => {
      requests++;
      return { items: range(limit).map((n) => n + start), total: 999_999_999_999, start, returned: limit };
    };
    await expect(fetchAll(fetch, { operation: 'get-tickets', pageSize: 250 })).rejects.toMatchObject({ kind: 'protocol', field: 'totalresults' });
    expect(requests).toBe(1);
  });

  it('the same rows served at every offset: the list ends at the first page that brings no new id, with a warning', async () => {
    const taken: Array<[number, number]> = [];
    let requests = 0;
    const result = await walkList(
      async (start, limit) => {
        requests++;
        return { total: 150_000, start, returned: limit, ids: range(limit) };
      },
      { take: (start, _, used) => taken.push([start, used]) },
      { operation: 'get-contacts', pageSize: 10, concurrency: 3 },
    );
    expect(result.count).toBe(10);
    expect(result.warnings).toEqual([expect.stringMatching(/get-contacts: totalresults says 150000, but the rows end at 10/)]);
    expect(taken).toEqual([[0, 10]]);
    expect(requests).toBeLessThanOrEqual(4);
  });

  it('a total that changes on every page: the walk is tried maxWalks times, then a protocol error', async () => {
    let requests = 0;
    const fetch: PageFetcher<number> = async (start, limit) => {
      requests++;
      return { items: range(limit).map((n) => n + start), total: 100 + requests, start, returned: limit };
    };
    await expect(fetchAll(fetch, { operation: 'get-orders', pageSize: 10, maxWalks: 3 })).rejects.toMatchObject({ kind: 'protocol', field: 'totalresults' });
    expect(requests).toBeLessThanOrEqual(3 * 5);
  });

  it('a claim of more rows returned than the list holds is refused', async () => {
    const fetch: PageFetcher<number> = async () => ({ items: [1, 2], total: 2, start: 0, returned: 50_000_000 });
    await expect(walkList(async () => ({ ...(await fetch(0, 1)), ids: null }), { take: () => {} }, { operation: 'x' })).rejects.toMatchObject({
      kind: 'protocol',
      field: 'numreturned',
    });
  });

  it('a list that would take more requests than allowed (one row a page) is refused before it is walked', async () => {
    let requests = 0;
    const fetch: PageFetcher<number> = async (start) => {
      requests++;
      return { items: [start + 1], total: 900_000, start, returned: 1 };
    };
    await expect(fetchAll(fetch, { operation: 'get-clients-domains', pageSize: 250 })).rejects.toMatchObject({ kind: 'protocol', field: 'totalresults' });
    expect(requests).toBe(1);
  });
});
