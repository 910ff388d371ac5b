/**
 * What a list and the search show while edits wait in the outbox (the provider stopped, so they stay queued),
 * against a real mirror synced from the sandbox: queued creates and pending edits are held to a list's filters
 * and text like every other row, with honest totals, and search finds them by their text as shown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { Contact } from '../../../shared/models.js';
import type { OverlaidRecord } from '../../../shared/queries.js';
import { RESOURCE_NAMES } from '../../../shared/records.js';
import { deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let close: () => Promise<void>;
/** A synced contact whose country, last name and e-mail the tests edit (queued, never sent). */
let moved: Contact;
/** A synced contact in the same country as `moved`, left as it is. */
let neighbour: Contact;
/** The country `moved` and `neighbour` share in the mirror. */
let home: string;

const ids = (rows: readonly OverlaidRecord[]) => rows.map((r) => r.id);
const contactsIn = (country: string, extra: object = {}) =>
  desk.call('data.list', { resource: 'contacts', filters: { country }, limit: 1000, ...extra });

beforeAll(async () => {
  let sb;
  ({ desk, sb, close } = await deskOnSandbox('desk-overlaid-views-'));
  await desk.call('sync.run');
  await sb.stop();
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- data.list's rows are any resource's: these are the contacts list's
  const all = (await desk.call('data.list', { resource: 'contacts', limit: 1000 })).rows as unknown as Contact[];
  moved = all.find((c) => all.some((other) => other.id !== c.id && other.country === c.country))!;
  neighbour = all.find((c) => c.id !== moved.id && c.country === moved.country)!;
  home = moved.country;

  await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Queuedina', lastname: 'Overlay', email: 'queuedina@example.com', country: 'AQ' } });
  await desk.call('outbox.enqueue', { kind: 'add-contact', params: { firstname: 'Elsewhere', lastname: 'Overlay', email: 'elsewhere@example.com', country: 'TV' } });
  await desk.call('outbox.enqueue', { kind: 'add-order', params: { domain: ['queued-overlay-view.com'], domaintype: ['register'], regperiod: [1], paymentmethod: 'mailin' } });
  await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: moved.id, country: 'AQ', lastname: 'Zanzibarova', email: 'zanzibarova@example.com' } });
}, 60_000);

afterAll(() => close?.());

describe('data.list with filters and text, while edits are queued', () => {
  it('shows a queued create only in lists whose filters it matches', async () => {
    const antarctica = await contactsIn('AQ');
    const queuedina = antarctica.rows.find((r) => (r as { firstName?: string }).firstName === 'Queuedina');
    expect(queuedina).toMatchObject({ pending: 'create' });
    expect(antarctica.rows.some((r) => (r as { firstName?: string }).firstName === 'Elsewhere')).toBe(false);
    expect((await contactsIn('TV')).rows.map((r) => (r as { firstName?: string }).firstName)).toContain('Elsewhere');
  });

  it('moves a row whose pending edit changes a filtered field: out of its old list, into the new one at the head', async () => {
    const antarctica = await contactsIn('AQ');
    // The mirror holds no contact in Antarctica: the list is the queued create and the edited row, both pending.
    expect(ids(antarctica.rows)).toEqual([expect.stringMatching(/^local:\d+$/), moved.id]);
    expect(antarctica.rows[1]).toMatchObject({ country: 'AQ', lastName: 'Zanzibarova', pending: 'update' });
    expect(antarctica.total).toBe(2);

    const stayed = await contactsIn(home);
    expect(ids(stayed.rows)).not.toContain(moved.id);
    expect(ids(stayed.rows)).toContain(neighbour.id);
    expect(stayed.total).toBe(stayed.rows.length);
  });

  it('keeps the totals honest on every page', async () => {
    const first = await contactsIn('AQ', { limit: 1 });
    expect(first.total).toBe(2);
    const home1 = await contactsIn(home, { limit: 1 });
    const homeAll = await contactsIn(home);
    expect(home1.total).toBe(homeAll.rows.length);
    if (home1.nextCursor) expect((await contactsIn(home, { limit: 1, after: home1.nextCursor })).total).toBe(homeAll.rows.length);
  });

  it('finds a queued create and a pending edit by their text as shown, and not by text the edit removed', async () => {
    const byNewName = await desk.call('data.list', { resource: 'contacts', text: 'zanzibar', limit: 1000 });
    expect(ids(byNewName.rows)).toEqual([moved.id]);
    expect(byNewName.total).toBe(1);

    const byCreate = await desk.call('data.list', { resource: 'contacts', text: 'queuedina', limit: 1000 });
    expect(byCreate.rows).toHaveLength(1);
    expect(byCreate.rows[0]).toMatchObject({ firstName: 'Queuedina', pending: 'create' });

    // Its old e-mail (the sandbox's are unique) finds it in the mirror, not as shown.
    const byOldEmail = await desk.call('data.list', { resource: 'contacts', text: moved.email, limit: 1000 });
    expect(ids(byOldEmail.rows)).not.toContain(moved.id);
    expect(byOldEmail.total).toBe(byOldEmail.rows.length);

    const textAndFilter = await desk.call('data.list', { resource: 'contacts', text: 'overlay', filters: { country: 'TV' }, limit: 1000 });
    expect(textAndFilter.rows.map((r) => (r as { firstName?: string }).firstName)).toEqual(['Elsewhere']);
  });

  it("holds a queued order to a filter on its line items' domains, and to its status", async () => {
    const byDomain = await desk.call('data.list', { resource: 'orders', filters: { domain: 'Queued-Overlay-View.com' }, limit: 1000 });
    expect(byDomain.rows).toEqual([expect.objectContaining({ id: expect.stringMatching(/^local:\d+$/), pending: 'create' })]);
    expect(byDomain.total).toBe(1);
    const otherDomain = await desk.call('data.list', { resource: 'orders', filters: { domain: 'not-queued.com' }, limit: 1000 });
    expect(otherDomain.rows.filter((r) => r.pending === 'create')).toEqual([]);
    // A queued order has no status until the provider gives it one.
    const pendingOrders = await desk.call('data.list', { resource: 'orders', filters: { domain: 'queued-overlay-view.com', status: 'Pending' }, limit: 1000 });
    expect(pendingOrders).toMatchObject({ rows: [], total: 0 });
  });

  it('exports a filtered view with the queued rows that match it', async () => {
    const file = await desk.call('data.export', { resource: 'contacts', filters: { country: 'AQ' }, format: 'json' });
    expect((JSON.parse(file.text) as { lastName: string }[]).map((r) => r.lastName).sort()).toEqual(['Overlay', 'Zanzibarova']);
  });
});

describe('data.counts while edits are queued', () => {
  it("counts each list as its unfiltered list shows it: queued creates included, so the sidebar and the list agree", async () => {
    const counts = await desk.call('data.counts');
    for (const resource of RESOURCE_NAMES) {
      const shown = await desk.call('data.list', { resource, limit: 1 });
      const count = counts[resource];
      expect(count, resource).toBe(shown.total);
    }
    const stored = (await desk.call('data.list', { resource: 'contacts', limit: 1000 })).rows.filter((r) => r.pending !== 'create').length;
    expect(counts.contacts).toBe(stored + 2);
  });
});

describe('data.search while edits are queued', () => {
  it('finds a queued create by its text, under its local id, marked pending', async () => {
    const hits = await desk.call('data.search', { text: 'queuedina' });
    expect(hits).toEqual([{ resource: 'contacts', id: expect.stringMatching(/^local:\d+$/), title: 'Queuedina Overlay', details: [{ kind: 'text', value: 'queuedina@example.com' }], pending: 'create' }]);
  });

  it('finds a row by the text its pending edit gave it, first and marked, and not by the text the edit removed', async () => {
    const hits = await desk.call('data.search', { text: 'zanzibarova' });
    expect(hits).toEqual([expect.objectContaining({ resource: 'contacts', id: moved.id, pending: 'update' })]);
    expect(hits[0]!.title).toContain('Zanzibarova');

    const old = await desk.call('data.search', { text: moved.email, limit: 100 });
    expect(old.some((h) => h.resource === 'contacts' && h.id === moved.id)).toBe(false);
  });

  it('marks the mirror hits with nothing pending as such', async () => {
    const hits = await desk.call('data.search', { text: `${neighbour.firstName} ${neighbour.lastName}` });
    expect(hits.find((h) => h.resource === 'contacts' && h.id === neighbour.id)).toMatchObject({ pending: null });
  });
});

describe('contacts.bulkUpdate of the contacts a list shows', () => {
  it('queues one update per contact the list shows, queued creates and rows its edits moved in included', async () => {
    const shown = ids((await contactsIn('AQ')).rows);
    const entries = await desk.call('contacts.bulkUpdate', { shown: { filters: { country: 'AQ' } }, changes: { city: 'McMurdo' } });
    expect(entries.map((e) => (e.params as { contactid: unknown }).contactid)).toEqual(shown);
    for (const entry of entries) expect(entry.params).toMatchObject({ city: 'McMurdo' });
  });

  it('refuses contacts named both ways, or neither', async () => {
    await expect(desk.call('contacts.bulkUpdate', { contactIds: [neighbour.id], shown: {}, changes: { city: 'X' } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('give either contactIds or shown'),
    });
    await expect(desk.call('contacts.bulkUpdate', { changes: { city: 'X' } })).rejects.toMatchObject({ code: 'invalid_input' });
  });
});

describe('data.ids', () => {
  it("is the ids of the rows data.list shows, in its order, queued creates and rows moved by an edit included", async () => {
    for (const view of [
      { resource: 'contacts', filters: { country: 'AQ' } },
      { resource: 'contacts', filters: { country: home } },
      { resource: 'contacts', sort: { field: 'lastName', dir: 'desc' } },
      { resource: 'domains' },
    ] as const) {
      const listed: Array<number | string> = [];
      let after: string | null = null;
      do {
        const page: { rows: OverlaidRecord[]; nextCursor: string | null } = await desk.call('data.list', { ...view, after, limit: 7 });
        listed.push(...ids(page.rows));
        after = page.nextCursor;
      } while (after !== null);
      expect(await desk.call('data.ids', view), JSON.stringify(view)).toEqual(listed);
    }
    expect(await desk.call('data.ids', { resource: 'contacts', filters: { country: 'AQ' } })).toEqual([expect.stringMatching(/^local:\d+$/), moved.id]);
  });
});
