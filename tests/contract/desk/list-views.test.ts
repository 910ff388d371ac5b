/**
 * What a list screen asks of the Desk beyond data.list, against the sandbox over real HTTP and a real mirror
 * file: a choice filter's values with their counts (data.facets), and a list's view written out as CSV by
 * the engine (data.export) with the same rows, in the same order, as the list shows.
 */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import { callError, deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ desk, close } = await deskOnSandbox('desk-list-views-'));
  await desk.call('sync.run');
}, 60_000);

afterAll(() => close?.());

describe('data.facets', () => {
  it("gives each domain status with the number of domains data.list finds for it, together every domain", async () => {
    const facets = await desk.call('data.facets', { resource: 'domains', filter: 'status' });
    const counts = await desk.call('data.counts');
    expect(facets.length).toBeGreaterThan(1);
    expect(facets.reduce((sum, f) => sum + f.count, 0)).toBe(counts.domains);
    for (const { value, count } of facets) {
      const page = await desk.call('data.list', { resource: 'domains', filters: { status: value }, limit: 1 });
      expect(page.total, String(value)).toBe(count);
    }
    // Most common first.
    expect(facets.map((f) => f.count)).toEqual([...facets.map((f) => f.count)].sort((a, b) => b - a));
  });

  it('refuses a filter that offers no choice, naming it', async () => {
    const error = await callError(desk.call('data.facets', { resource: 'domains', filter: 'expiryDate' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain("'expiryDate'");
  });
});

describe('data.export', () => {
  it("writes a filtered, sorted view's rows as CSV in the list's order", async () => {
    const view = { resource: 'domains', filters: { status: 'Active' }, sort: { field: 'expiryDate', dir: 'desc' } } as const;
    const file = await desk.call('data.export', { ...view, format: 'csv' });
    const listed = [];
    let after: string | null = null;
    do {
      const page: { rows: unknown[]; nextCursor: string | null } = await desk.call('data.list', { ...view, after, limit: 250 });
      listed.push(...page.rows);
      after = page.nextCursor;
    } while (after !== null);

    const parsed = Papa.parse<Record<string, string>>(file.text, { header: true });
    expect(file.mimeType).toBe('text/csv');
    expect(file.fileName).toMatch(/^domains-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.rows).toBe(listed.length);
    expect(parsed.data.map((r) => r.domainName)).toEqual(listed.map((r) => (r as { domainName: string }).domainName));
    expect(new Set(parsed.data.map((r) => r.status))).toEqual(new Set(['Active']));
    // The overlay's markers are the app's, not the record's.
    expect(parsed.meta.fields).not.toContain('pending');
  });

  it('takes the text filter too, and refuses a sort the list does not offer', async () => {
    const first = (await desk.call('data.list', { resource: 'contacts', limit: 1 })).rows[0] as { lastName: string };
    const file = await desk.call('data.export', { resource: 'contacts', text: first.lastName, format: 'csv' });
    const total = (await desk.call('data.list', { resource: 'contacts', text: first.lastName, limit: 1 })).total;
    expect(file.rows).toBe(total);
    expect(file.text).toContain(first.lastName);

    const error = await callError(desk.call('data.export', { resource: 'domains', sort: { field: 'registrar' }, format: 'csv' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain("'registrar'");
  });
});

describe('data.export of a selection', () => {
  it("writes only the selected rows, in the view's order, and refuses an empty selection", async () => {
    const view = { resource: 'domains', sort: { field: 'domainName', dir: 'desc' } } as const;
    const rows = (await desk.call('data.list', { ...view, limit: 20 })).rows as { id: number; domainName: string }[];
    const picked = [rows[7]!, rows[2]!, rows[12]!];
    const file = await desk.call('data.export', { ...view, ids: picked.map((r) => r.id), format: 'json' });
    expect(file.rows).toBe(3);
    expect((JSON.parse(file.text) as { domainName: string }[]).map((r) => r.domainName)).toEqual([rows[2]!, rows[7]!, rows[12]!].map((r) => r.domainName));

    const error = await callError(desk.call('data.export', { ...view, ids: [], format: 'csv' }));
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('select at least one row');
  });
});

describe("a domain's next due date", () => {
  it('filters domains by a range of next due dates', async () => {
    const all = await desk.call('data.list', { resource: 'domains', sort: { field: 'nextDueDate' }, limit: 1000 });
    const dates = all.rows.map((r) => (r as { nextDueDate: string | null }).nextDueDate).filter((d): d is string => d !== null);
    const [from, to] = [dates[Math.floor(dates.length / 4)]!, dates[Math.floor(dates.length / 2)]!];
    const page = await desk.call('data.list', { resource: 'domains', filters: { nextDueDate: { from, to } }, limit: 1000 });
    expect(page.total).toBe(dates.filter((d) => d >= from && d <= to).length);
    expect(page.total).toBeGreaterThan(0);
  });
});
