import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Domain } from '../../shared/models.js';
import {
  MirrorQueryError,
  type ListPage,
  type ListQuery,
  type Mirror,
  type SortDirection,
  type SortField,
} from '../../electron/core/mirror/index.js';
import { RESOURCE_NAMES } from '../../shared/records.js';
import { stretchesAfter, wholeOrder } from '../../electron/core/mirror/cursor.js';
import { pageSql } from '../../electron/core/mirror/list-query.js';
import { descriptorOf } from '../../electron/core/mirror/resources.js';
import { contact, domain, openMirror, order, tempDir, ticket, transaction } from './mirror-fixtures.js';

let mirror: Mirror;
let cleanup: () => void;

const NAMES = ['alpha.com', 'Alpha.com', 'beta.net', 'gamma.org', 'BETA.net', 'delta.io', 'zeta.com'];
const STATUSES = ['Active', 'Expired', 'Active', 'Cancelled', 'Pending'];
// Ties and nulls on purpose: several rows share each sort value, and some have none.
const DOMAINS: Domain[] = Array.from({ length: 57 }, (_, i) =>
  domain(i + 1, {
    domainName: NAMES[i % NAMES.length]!,
    status: STATUSES[i % STATUSES.length]!,
    expiryDate: i % 6 === 0 ? null : ['2026-11-25', '2026-12-06', '2027-03-01', '2026-11-22', '2026-11-21'][i % 5]!,
    regDate: i % 4 === 0 ? null : `2025-0${(i % 3) + 1}-15`,
    recurringAmount: i % 5 === 0 ? null : `${(i % 4) * 5}.00`,
    doNotRenew: i % 8 === 0,
  }),
);

beforeAll(() => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  mirror = openMirror(temp.dir);
  mirror.applySnapshot('domains', DOMAINS);
});
afterAll(() => {
  mirror.dispose();
  cleanup();
});

/**
 * The order a list shows: NOCASE on names, id as the tie-breaker, reversed for desc, and the rows with no value
 * last in both directions (issue 22 item 17: domains with no expiry date came first).
 */
function expectedOrder(field: SortField<'domains'>, dir: SortDirection, rows: Domain[] = DOMAINS): number[] {
  const key = (d: Domain): string | number | null => {
    switch (field) {
      case 'domainName': return d.domainName.toLowerCase();
      case 'expiryDate': return d.expiryDate;
      case 'regDate': return d.regDate;
      case 'recurringAmount': return d.recurringAmount === null ? null : Math.round(Number(d.recurringAmount) * 100);
      case 'status': return d.status;
      case 'nextDueDate': return d.nextDueDate;
      case 'id': return d.id;
    }
  };
  const compare = (a: Domain, b: Domain) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka !== kb) return ka! < kb! ? -1 : 1;
    return a.id - b.id;
  };
  const valued = rows.filter((d) => key(d) !== null).sort(compare);
  const empty = rows.filter((d) => key(d) === null).sort((a, b) => a.id - b.id);
  return (dir === 'asc' ? [...valued, ...empty] : [...valued.reverse(), ...empty.reverse()]).map((d) => d.id);
}

function walk(query: ListQuery<'domains'>): { ids: number[]; totals: number[]; pages: number } {
  const ids: number[] = [];
  const totals: number[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: ListPage<Domain> = mirror.list('domains', { ...query, after });
    ids.push(...page.rows.map((row) => row.id));
    totals.push(page.total);
    after = page.nextCursor;
    pages++;
  } while (after !== null);
  return { ids, totals, pages };
}

describe('list: keyset paging', () => {
  const fields: SortField<'domains'>[] = ['domainName', 'expiryDate', 'regDate', 'recurringAmount', 'status', 'id'];
  for (const field of fields) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`walks every row exactly once, in order, sorted by ${field} ${dir}`, () => {
        for (const limit of [1, 4, 10, 57, 100]) {
          const { ids, totals, pages } = walk({ sort: { field, dir }, limit });
          expect(ids).toEqual(expectedOrder(field, dir));
          expect(new Set(totals)).toEqual(new Set([57]));
          expect(pages).toBe(Math.max(1, Math.ceil(57 / limit)));
        }
      });
    }
  }

  it('pages a filtered list with the filter applied on every page', () => {
    const active = DOMAINS.filter((d) => d.status === 'Active');
    const { ids, totals } = walk({ filters: { status: 'Active' }, sort: { field: 'expiryDate', dir: 'desc' }, limit: 3 });
    expect(ids).toEqual(expectedOrder('expiryDate', 'desc', active));
    expect(totals.every((t) => t === active.length)).toBe(true);
  });

  it('puts the rows with no value last, ascending and descending', () => {
    for (const dir of ['asc', 'desc'] as const) {
      const rows = mirror.list('domains', { sort: { field: 'expiryDate', dir }, limit: 1000 }).rows;
      const firstEmpty = rows.findIndex((d) => d.expiryDate === null);
      expect(firstEmpty, dir).toBe(DOMAINS.filter((d) => d.expiryDate !== null).length);
      expect(rows.slice(firstEmpty).every((d) => d.expiryDate === null), dir).toBe(true);
    }
  });

  it('reads every stretch of every sort through its index, never sorting the table', () => {
    for (const resource of RESOURCE_NAMES) {
      const { table, sort } = descriptorOf(resource);
      for (const [field, column] of Object.entries(sort)) {
        for (const dir of ['asc', 'desc'] as const) {
          const cursor = { value: column === 'id' ? 1 : 'x', id: 1 };
          for (const [clause] of [...wholeOrder(column), ...stretchesAfter(column, dir, cursor), ...stretchesAfter(column, dir, { value: null, id: 1 })]) {
            const plan = mirror.db
              .prepare(`EXPLAIN QUERY PLAN ${pageSql(table, column, dir, [clause])}`)
              .all(...Array.from(clause.matchAll(/\?/g), () => cursor.value), 10) as { detail: string }[];
            const details = plan.map((step) => step.detail).join('; ');
            const what = `${resource} ${field} ${dir}: ${clause}`;
            expect(details, what).not.toMatch(/TEMP B-TREE/);
            // By id, the table itself is in order (its rowid); by any other column, that column's index.
            if (column !== 'id') expect(details, what).toMatch(/USING (COVERING )?INDEX/);
          }
        }
      }
    }
  });

  it('uses the resource default sort when none is given', () => {
    expect(walk({ limit: 10 }).ids).toEqual(expectedOrder('domainName', 'asc'));
  });

  it('rejects a cursor from another sort, and garbage', () => {
    const page = mirror.list('domains', { sort: { field: 'expiryDate' }, limit: 5 });
    expect(() => mirror.list('domains', { sort: { field: 'regDate' }, after: page.nextCursor })).toThrow(MirrorQueryError);
    expect(() => mirror.list('domains', { sort: { field: 'expiryDate', dir: 'desc' }, after: page.nextCursor })).toThrow(
      /sorted by expiryDate asc/,
    );
    expect(() => mirror.list('domains', { after: 'bm9wZQ' })).toThrow(MirrorQueryError);
  });

  it('rejects sort fields outside the whitelist, unknown filters, bad values and limits', () => {
    const list = mirror.list.bind(mirror) as (resource: string, query: unknown) => unknown;
    expect(() => list('domains', { sort: { field: 'json' } })).toThrow(/cannot be sorted by 'json'/);
    expect(() => list('domains', { sort: { field: 'notes' } })).toThrow(MirrorQueryError);
    expect(() => list('domains', { filters: { notes: 'x' } })).toThrow(/no filter 'notes'/);
    expect(() => list('domains', { filters: { status: 3 } })).toThrow(/filter status takes a string/);
    expect(() => list('domains', { filters: { expiringWithinDays: -1 } })).toThrow(MirrorQueryError);
    expect(() => list('domains', { filters: { doNotRenew: 'yes' } })).toThrow(MirrorQueryError);
    expect(() => list('domains', { limit: 0 })).toThrow(MirrorQueryError);
    expect(() => list('domains', { limit: 1001 })).toThrow(MirrorQueryError);
    expect(() => list('departments', { text: 'abc' })).toThrow(/cannot be searched/);
  });
});

describe('list: filters', () => {
  const ids = (query: ListQuery<'domains'>) => {
    const page = mirror.list('domains', { ...query, sort: { field: 'id' }, limit: 1000 });
    expect(page.total).toBe(page.rows.length);
    return page.rows.map((d) => d.id);
  };
  const where = (predicate: (d: Domain) => boolean) => DOMAINS.filter(predicate).map((d) => d.id);

  it('status: one value or several', () => {
    expect(ids({ filters: { status: 'Expired' } })).toEqual(where((d) => d.status === 'Expired'));
    expect(ids({ filters: { status: ['Expired', 'Pending'] } })).toEqual(where((d) => ['Expired', 'Pending'].includes(d.status)));
    expect(ids({ filters: { status: [] } })).toEqual([]);
  });

  it('expiring within N days of today (2026-11-22), today included, past and unset excluded', () => {
    const within14 = where((d) => d.expiryDate !== null && d.expiryDate >= '2026-11-22' && d.expiryDate <= '2026-12-06');
    expect(within14.length).toBeGreaterThan(0);
    expect(ids({ filters: { expiringWithinDays: 14 } })).toEqual(within14);
    expect(ids({ filters: { expiringWithinDays: 0 } })).toEqual(where((d) => d.expiryDate === '2026-11-22'));
  });

  it('date ranges include the whole last day', () => {
    expect(ids({ filters: { expiryDate: { from: '2026-11-25', to: '2026-12-06' } } })).toEqual(
      where((d) => d.expiryDate === '2026-11-25' || d.expiryDate === '2026-12-06'),
    );
    expect(ids({ filters: { expiryDate: { to: '2026-11-21' } } })).toEqual(where((d) => d.expiryDate === '2026-11-21'));
  });

  it('flags and combined filters', () => {
    expect(ids({ filters: { doNotRenew: true, status: 'Active' } })).toEqual(where((d) => d.doNotRenew && d.status === 'Active'));
    expect(ids({ filters: { doNotRenew: false } })).toEqual(where((d) => !d.doNotRenew));
  });

  it('text narrows a list to full-text matches of that resource', () => {
    expect(ids({ text: 'beta' })).toEqual(where((d) => d.domainName.toLowerCase() === 'beta.net'));
    expect(ids({ text: 'gam', filters: { status: 'Active' } })).toEqual(
      where((d) => d.domainName === 'gamma.org' && d.status === 'Active'),
    );
  });

  it('filters of other resources: tickets, contacts, transactions, orders by line-item domain', () => {
    mirror.applySnapshot('tickets', [
      ticket(1, { deptId: 1, status: 'Open' }),
      ticket(2, { deptId: 2, status: 'Answered' }),
      ticket(3, { deptId: 2, status: 'Open', flag: true }),
    ]);
    mirror.applySnapshot('contacts', [contact(1, { subaccount: true }), contact(2)]);
    mirror.applySnapshot('transactions', [transaction(1, { invoiceId: 9 }), transaction(2, { invoiceId: 10 })]);
    mirror.applySnapshot('orders', [order(1), order(2)]);
    const ticketIds = (filters: object) => mirror.list('tickets', { filters, sort: { field: 'id' } }).rows.map((t) => t.id);
    expect(ticketIds({ deptId: 2 })).toEqual([2, 3]);
    expect(ticketIds({ deptId: 2, status: 'Open' })).toEqual([3]);
    expect(ticketIds({ flagged: true })).toEqual([3]);
    expect(mirror.list('contacts', { filters: { subaccount: true } }).rows.map((c) => c.id)).toEqual([1]);
    expect(mirror.list('transactions', { filters: { invoiceId: 10 } }).rows.map((t) => t.id)).toEqual([2]);
    expect(mirror.list('orders', { filters: { domain: 'ORDER2.com' } }).rows.map((o) => o.id)).toEqual([2]);
  });

  it('counts every resource', () => {
    const counts = mirror.counts();
    expect(counts.domains).toBe(57);
    expect(counts.tickets).toBe(3);
    expect(counts.invoices).toBe(0);
    expect(Object.keys(counts).sort()).toEqual(
      ['announcements', 'catalogue', 'client', 'contacts', 'departments', 'domains', 'invoices', 'orders', 'services', 'tickets', 'transactions'],
    );
  });
});
