/**
 * How a sync hands records over page by page: the page buffer (encoded rows by index, a page read again
 * replaces what it covers, a missing record is said), and the paged pullers, whose pages of a walk fetchAll
 * abandoned must not reach the sink when they land late.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from '../../shared/models.js';
import { PULLERS, type PullContext, type SyncClient } from '../../electron/core/sync/pullers.js';
import type { EncodedRow } from '../../electron/core/mirror/index.js';
import { PageBuffer } from '../../electron/core/sync/snapshot-sink.js';

/** A stand-in row for a record: the buffer looks at none of its fields. */
const rowOf = (record: { id: number }): EncodedRow => [record.id, JSON.stringify(record), '', [], [], null];
const recordsOf = (rows: Iterable<EncodedRow>) => [...rows].map(([, json]) => JSON.parse(json) as unknown);

/** A page of rows whose reads are counted. */
function page(offset: number, ids: number[], reads: number[] = []) {
  return { offset, count: ids.length, rows: () => (reads.push(offset), ids.map((id) => rowOf({ id }))) };
}

describe('PageBuffer', () => {
  it('reads tiled pages one at a time as the records are iterated, in index order whatever order they came in', () => {
    const buffer = new PageBuffer();
    const reads: number[] = [];
    buffer.put('domains', page(2, [3, 4], reads));
    buffer.put('domains', page(0, [1, 2], reads));
    const rows = buffer.take('domains', 4)[Symbol.iterator]();
    expect(reads).toEqual([]);
    expect(rows.next().value).toEqual(rowOf({ id: 1 }));
    expect(reads).toEqual([0]);
    expect(recordsOf({ [Symbol.iterator]: () => rows })).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
    expect(reads).toEqual([0, 2]);
    expect(() => [...buffer.take('domains', 1)]).toThrow('domains: record 0 of 1 was never handed over');
  });

  it('a page read again replaces the one at its offset; pages that overlap are laid later over earlier', () => {
    const buffer = new PageBuffer();
    buffer.put('orders', page(0, [1, 2]));
    buffer.put('orders', page(2, [3]));
    buffer.put('orders', page(0, [10, 20]));
    expect(recordsOf(buffer.take('orders', 3))).toEqual([{ id: 10 }, { id: 20 }, { id: 3 }]);
    buffer.put('orders', page(0, [1, 2, 3]));
    buffer.put('orders', page(1, [7]));
    expect(recordsOf(buffer.take('orders', 3))).toEqual([{ id: 1 }, { id: 7 }, { id: 3 }]);
  });

  it('leaves out what lies past the count, and says which record is missing', () => {
    const buffer = new PageBuffer();
    buffer.put('orders', page(0, [1, 2, 3]));
    expect(recordsOf(buffer.take('orders', 2))).toEqual([{ id: 1 }, { id: 2 }]);
    buffer.put('orders', page(0, [1, 2]));
    expect(() => [...buffer.take('orders', 3)]).toThrow('orders: record 2 of 3 was never handed over');
    buffer.put('orders', page(2, [3]));
    expect(() => [...buffer.take('orders', 3)]).toThrow('orders: record 0 of 3 was never handed over');
    buffer.put('tickets', page(0, [1]));
    buffer.drop('tickets');
    expect([...buffer.take('tickets', 0)]).toEqual([]);
  });
});

/** A deferred reply, settled by the test. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('paged pullers', () => {
  it('hand each page over as it is read, and not a page of an abandoned walk that lands late', async () => {
    const rows = (ids: number[]) => ids.map((id) => ({ id, name: `d${id}` }));
    const page = (total: number, ids: number[], start: number): Page<{ id: number; name: string }> => ({ total, start, returned: ids.length, items: rows(ids) });
    const late = deferred<Page<{ id: number; name: string }>>();
    const replies: Array<(start: number) => Promise<Page<{ id: number; name: string }>> | undefined> = [
      // Walk 1: the first page promises 6 rows; offset 2 says 5 (the list moved); offset 4 answers only later.
      () => Promise.resolve(page(6, [1, 2], 0)),
      (start) => (start === 2 ? Promise.resolve(page(5, [3, 4], 2)) : late.promise),
      (start) => (start === 2 ? Promise.resolve(page(5, [3, 4], 2)) : late.promise),
    ];
    let call = 0;
    const read = (limitstart: number) => {
      const scripted = replies[call++]?.(limitstart);
      if (scripted) return scripted;
      // Walk 2: five rows, consistent; the late page of walk 1 lands while it runs.
      if (limitstart === 0) setTimeout(() => late.resolve(page(6, [99, 98], 4)), 0);
      return new Promise<Page<{ id: number; name: string }>>((r) => setTimeout(() => r(page(5, limitstart === 0 ? [1, 2] : limitstart === 2 ? [3, 4] : [5], limitstart)), 5));
    };
    // Pages decoded already (the client's answer to a reply it could not hand on as bytes).
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a fake client with only the paging calls the sync makes
    const client = {
      readListPage: async (operation: string, { limitstart }: { limitstart: number }) => {
        expect(operation).toBe('get-clients-domains');
        return { kind: 'page', page: await read(limitstart) };
      },
    } as unknown as SyncClient;
    const handed: Array<[number, number[]]> = [];
    const buffer = new PageBuffer();
    const ctx: PullContext = {
      client,
      pageSize: 2,
      concurrency: 2,
      request: (send) => send(),
      progress: () => {},
      page: (offset, records) => {
        handed.push([offset, (records as Array<{ id: number }>).map((r) => r.id)]);
        buffer.put('domains', { offset, count: records.length, rows: () => (records as Array<{ id: number }>).map(rowOf) });
      },
      pageBytes: () => {
        throw new Error('no page came as bytes');
      },
    };
    const { count } = await PULLERS.domains(ctx);
    // The late page has landed (and whatever it would set off has run, a turn of the event loop later).
    await late.promise;
    await new Promise((r) => setImmediate(r));
    expect(count).toBe(5);
    expect(handed.some(([, ids]) => ids.includes(99))).toBe(false);
    expect(recordsOf(buffer.take('domains', count))).toEqual(rows([1, 2, 3, 4, 5]));
  });

  it('hand a page still in its reply bytes to the sink with the rows it may use, and count its rows by its envelope', async () => {
    // 5 rows in pages of 2: the provider answers offset 4 with 2 rows (one past the total).
    const replies = new Map([
      [0, { total: 5, returned: 2 }],
      [2, { total: 5, returned: 2 }],
      [4, { total: 5, returned: 2 }],
    ]);
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a fake client with only the paging calls the sync makes
    const client = {
      readListPage: (operation: string, { limitstart }: { limitstart: number }) => {
        const counters = replies.get(limitstart)!;
        return Promise.resolve({ kind: 'bytes', bytes: Buffer.from(`${operation}@${limitstart}`), start: limitstart, ...counters });
      },
    } as unknown as SyncClient;
    const handed: Array<[offset: number, limit: number, operation: string, text: string]> = [];
    const progress: Array<[number, number]> = [];
    const ctx: PullContext = {
      client,
      pageSize: 2,
      concurrency: 2,
      request: (send) => send(),
      progress: (done, total) => progress.push([done, total]),
      page: () => {
        throw new Error('no page came decoded');
      },
      pageBytes: (offset, limit, operation, page) => handed.push([offset, limit, operation, page.bytes.toString()]),
    };
    expect(await PULLERS.transactions(ctx)).toEqual({ count: 5, warnings: [] });
    expect(handed.toSorted(([a], [b]) => a - b)).toEqual([
      [0, 2, 'get-transactions', 'get-transactions@0'],
      [2, 2, 'get-transactions', 'get-transactions@2'],
      [4, 1, 'get-transactions', 'get-transactions@4'],
    ]);
    expect(progress.at(-1)).toEqual([5, 5]);
  });

  it('hand over every row of a first page that holds the whole list, though more than limitnum (a provider ignoring paging)', async () => {
    const requests: Array<[number, number]> = [];
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a fake client with only the paging calls the sync makes
    const client = {
      readListPage: (operation: string, { limitstart, limitnum }: { limitstart: number; limitnum: number }) => {
        requests.push([limitstart, limitnum]);
        return Promise.resolve({ kind: 'bytes', bytes: Buffer.from(operation), total: 600, start: 0, returned: 600 });
      },
    } as unknown as SyncClient;
    const handed: Array<[offset: number, limit: number]> = [];
    const ctx: PullContext = {
      client,
      pageSize: 250,
      concurrency: 2,
      request: (send) => send(),
      progress: () => {},
      page: () => {
        throw new Error('no page came decoded');
      },
      pageBytes: (offset, limit) => handed.push([offset, limit]),
    };
    expect(await PULLERS.transactions(ctx)).toEqual({ count: 600, warnings: [] });
    expect(handed).toEqual([[0, 600]]);
    expect(requests).toEqual([[0, 250]]);
  });
});
