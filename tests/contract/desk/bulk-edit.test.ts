/**
 * A field-by-field change to many contacts on a real Desk synced from the sandbox (then offline, so edits stay
 * queued): the plan shows before → after for each contact, leaves out what the outbox's checks refuse with the
 * reason, and bulkEdit queues exactly the plan's edits, only the fields that change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import { deskOnSandbox } from './sandbox-desk.js';

let desk: Desk;
let close: () => Promise<void>;
let country: string;
type Shown = { id: number | string; city: string; address2: string; supportEmails: boolean; pending: string | null };
let shown: Shown[];

const contactsIn = async (filter: string) =>
  (await desk.call('data.list', { resource: 'contacts', filters: { country: filter }, limit: 1000 })).rows.flatMap((r) =>
    'supportEmails' in r && 'address2' in r ? [r] : [],
  );

beforeAll(async () => {
  let sb;
  ({ desk, sb, close } = await deskOnSandbox('desk-bulk-edit-'));
  await desk.call('sync.run', { only: ['contacts'] });
  await sb.stop();
  const facets = await desk.call('data.facets', { resource: 'contacts', filter: 'country' });
  country = String([...facets].sort((a, b) => b.count - a.count)[0]!.value);
  const rows = await contactsIn(country);
  // One of them is to be deleted: the change skips it.
  await desk.call('outbox.enqueue', { kind: 'delete-contact', params: { contactid: rows[0]!.id as number } });
  shown = (await contactsIn(country)).filter((r) => r.pending !== 'delete');
}, 60_000);

afterAll(() => close?.());

describe('contacts.bulkPlan', () => {
  it('shows before → after for every contact a list shows, and skips the one whose deletion is queued', async () => {
    const plan = await desk.call('contacts.bulkPlan', { shown: { filters: { country } }, fields: { city: { set: 'Milano' }, supportemails: { clear: true }, lastname: { keep: true } } });
    expect(plan.skippedDeleting).toBe(1);
    expect(plan.rows.map((r) => r.id)).toEqual(shown.map((r) => r.id));
    for (const [i, row] of plan.rows.entries()) {
      expect(row.before).toEqual({ city: shown[i]!.city, supportemails: shown[i]!.supportEmails });
      expect(row.after).toEqual({ city: 'Milano', supportemails: false });
      expect(row.issues).toEqual([]);
      expect(row.name).not.toBe('');
    }
    expect(plan.sending + plan.unchanged).toBe(shown.length);
  });

  it('leaves out with the reason what the outbox refuses, and a text field the provider cannot blank', async () => {
    const bad = await desk.call('contacts.bulkPlan', { contactIds: [shown[0]!.id as number], fields: { email: { set: 'not-an-address' }, country: { set: 'Italy' } } });
    expect(bad.rows[0]!.issues).toEqual([
      { field: 'email', message: 'must be an e-mail address' },
      { field: 'country', message: 'must be a 2-letter ISO country code' },
    ]);
    expect(bad).toMatchObject({ sending: 0, invalid: 1 });

    const withAddress2 = shown.filter((r) => r.address2 !== '').map((r) => r.id as number);
    const without = shown.filter((r) => r.address2 === '').map((r) => r.id as number);
    const blank = await desk.call('contacts.bulkPlan', { contactIds: [...withAddress2, ...without].slice(0, 10), fields: { address2: { clear: true } } });
    for (const row of blank.rows) {
      if (withAddress2.includes(row.id as number)) expect(row.issues).toEqual([{ field: 'address2', message: expect.stringMatching(/^cannot be cleared: the provider takes an empty value/) }]);
      else expect(row).toMatchObject({ issues: [], unchanged: true });
    }
    const unknown = await desk.call('contacts.bulkPlan', { contactIds: [999_999], fields: { city: { set: 'X' } } });
    expect(unknown.rows[0]!.issues).toEqual([{ field: 'contactid', message: 'no contact has this id in the mirror' }]);
  });
});

describe('contacts.bulkEdit', () => {
  it('queues one update-contact per contact the plan sends, with only the fields that change', async () => {
    const input = { shown: { filters: { country } }, fields: { city: { set: 'Milano' }, supportemails: { clear: true } } } as const;
    const plan = await desk.call('contacts.bulkPlan', input);
    const queued = await desk.call('contacts.bulkEdit', input);
    expect(queued.queued).toBe(plan.sending);
    expect(queued.entryIds).toHaveLength(plan.sending);
    // The entries it numbers, in the plan's order.
    const byId = new Map((await desk.call('outbox.list')).map((e) => [e.id, e]));
    const entries = queued.entryIds.map((id) => byId.get(id)!);
    expect(entries.every((e) => e.kind === 'update-contact' && e.state === 'queued')).toBe(true);
    const sent = plan.rows.filter((r) => r.issues.length === 0 && !r.unchanged);
    expect(entries.map((e) => e.params)).toEqual(
      sent.map((r) => ({
        contactid: r.id,
        ...(r.before.city === 'Milano' ? {} : { city: 'Milano' }),
        ...(r.before.supportemails === false ? {} : { supportemails: false }),
      })),
    );
    // Laid over the list at once: every contact shown now says Milano.
    expect((await contactsIn(country)).filter((r) => r.pending !== 'delete').every((r) => r.city === 'Milano')).toBe(true);
    // Asked again, nothing is left to change.
    expect(await desk.call('contacts.bulkPlan', input)).toMatchObject({ sending: 0, unchanged: shown.length });
  });

  it('queues the contacts as they are when it queues: an edit queued after the preview is not made twice', async () => {
    const ids = (await desk.call('data.list', { resource: 'contacts', limit: 100 })).rows.filter((r) => r.pending === null).slice(0, 3).map((r) => r.id as number);
    expect(ids).toHaveLength(3);
    const input = { contactIds: ids, fields: { city: { set: 'Trento' } } };
    expect(await desk.call('contacts.bulkPlan', input)).toMatchObject({ sending: 3 });
    await desk.call('outbox.enqueue', { kind: 'update-contact', params: { contactid: ids[0]!, city: 'Trento' } });
    const queued = await desk.call('contacts.bulkEdit', input);
    expect(queued.queued).toBe(2);
    const byId = new Map((await desk.call('outbox.list')).map((e) => [e.id, e]));
    expect(queued.entryIds.map((id) => byId.get(id)!.params)).toEqual([
      { contactid: ids[1], city: 'Trento' },
      { contactid: ids[2], city: 'Trento' },
    ]);
  });
});

describe('outbox.enqueueAll', () => {
  it('queues every edit given in one go, and none when one is refused', async () => {
    const before = (await desk.call('outbox.list')).length;
    const [a, b] = (await desk.call('data.list', { resource: 'contacts', limit: 100 })).rows.filter((r) => r.pending === null);
    const entries = await desk.call('outbox.enqueueAll', {
      mutations: [
        { kind: 'delete-contact', params: { contactid: a!.id as number } },
        { kind: 'delete-contact', params: { contactid: b!.id as number } },
      ],
    });
    expect(entries.map((e) => [e.kind, e.params])).toEqual([
      ['delete-contact', { contactid: a!.id }],
      ['delete-contact', { contactid: b!.id }],
    ]);
    expect(entries.every((e) => e.record?.name)).toBe(true);

    const refused = desk.call('outbox.enqueueAll', {
      mutations: [
        { kind: 'domain-request-epp', params: { domainname: 'example.com' } },
        // Neither domainid nor domainname: refused by the kind's schema.
        { kind: 'domain-request-epp', params: {} },
      ],
    });
    await expect(refused).rejects.toThrow(/domainid/);
    expect((await desk.call('outbox.list')).length).toBe(before + 2);
  });
});

