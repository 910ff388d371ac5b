/**
 * The renderer's stores against a real engine (a synced account on a sandbox provider): what each reads, and
 * that it follows the engine's events — an edit queued elsewhere, a sync, another window's settings, an account
 * added or switched — without being asked.
 */
import { createPinia } from 'pinia';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DeskCallError } from '../../renderer/src/bridge/index.js';
import { i18n } from '../../renderer/src/i18n/index.js';
import { useCountsStore } from '../../renderer/src/stores/counts.js';
import { useFacetsStore } from '../../renderer/src/stores/facets.js';
import { useLookupsStore } from '../../renderer/src/stores/lookups.js';
import { useSessionStore } from '../../renderer/src/stores/session.js';
import { useSettingsStore } from '../../renderer/src/stores/settings.js';
import { A_CONTACT } from '../contract/cli/harness.js';
import { freshPinia, openEngine, type Engine } from './harness.js';

let engine: Engine;

beforeAll(async () => {
  engine = await openEngine({ sync: true });
});

afterAll(async () => {
  await engine?.close();
});

beforeEach(() => {
  freshPinia();
});

/** What the engine's calls set off in the stores has been read. */
const settled = () => engine.host.idle();

/** The sandbox's second client as the account "Second", added as another window would (once). */
async function addSecondAccount(): Promise<void> {
  if ((await engine.desk.call('accounts.list')).some((a) => a.name === 'Second')) return;
  const other = engine.sb.accounts[1]!;
  await engine.desk.call('accounts.add', {
    name: 'Second', baseUrl: engine.sb.baseUrl, altBaseUrl: engine.sb.altBaseUrl, clientId: other.clientId,
    username: other.username, clientSecret: other.clientSecret, password: other.password,
  });
}

describe('session', () => {
  it('reads the open account, the accounts, the sync status and when the mirror last heard from the provider', async () => {
    const session = useSessionStore();
    await session.load();
    expect(session.info?.account).toBe('Main');
    expect(session.current?.name).toBe('Main');
    expect(session.connectivity).toBe('online');
    const status = await engine.desk.call('sync.status');
    const newest = status.resources.map((r) => r.lastSyncedAt).filter((t) => t !== null).sort().at(-1);
    expect(session.lastSyncedAt).toBe(newest);
    expect(session.syncing).toBe(false);
  });

  it('keeps the last sync’s summary, heard as sync.summary', async () => {
    const session = useSessionStore();
    await session.load();
    await engine.desk.call('sync.run', { only: ['departments'] });
    await settled();
    expect(session.lastSummary?.resources.map((r) => r.resource)).toEqual(['departments']);
    expect(session.progress).toEqual({});
  });

  it('refuses a wrong password with a DeskCallError and stays signed out; the right one signs in', async () => {
    const session = useSessionStore();
    await session.load();
    await session.signOut('Main');
    expect(session.connectivity).toBe('signed_out');
    const refusal = await session.signIn('not the password').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DeskCallError);
    await settled();
    expect(session.connectivity).toBe('signed_out');
    await session.signIn(engine.sb.password);
    expect(session.connectivity).toBe('online');
  });

  it('hears an account added in another window, and switches to it and back', async () => {
    const session = useSessionStore();
    await session.load();
    await addSecondAccount();
    await settled();
    expect(session.accounts.map((a) => a.name).sort()).toEqual(['Main', 'Second']);
    await session.select('Main');
    expect(session.info?.account).toBe('Main');
    expect(session.current?.name).toBe('Main');
    await session.select('Second');
    expect(session.info?.account).toBe('Second');
    await session.select('Main');
    expect(session.current?.name).toBe('Main');
  });
});

describe('settings', () => {
  afterAll(async () => {
    await engine.desk.call('settings.set', { language: 'system', theme: 'system' });
    i18n.global.locale.value = 'en';
  });

  it('reads the engine’s settings and shows a saved language and theme on the page', async () => {
    const settings = useSettingsStore();
    await settings.load();
    expect(settings.settings).toEqual(await engine.desk.call('settings.get'));
    await settings.update({ language: 'it', theme: 'dark' });
    expect(settings.locale).toBe('it');
    expect(i18n.global.locale.value).toBe('it');
    expect(document.documentElement.lang).toBe('it');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect((await engine.desk.call('settings.get')).language).toBe('it');
  });

  it('shows a change saved in another window at once', async () => {
    const here = useSettingsStore();
    await here.load();
    const otherWindow = useSettingsStore(createPinia());
    await otherWindow.load();
    await otherWindow.update({ language: 'en', theme: 'light' });
    await settled();
    expect(here.settings?.language).toBe('en');
    expect(i18n.global.locale.value).toBe('en');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});

describe('counts', () => {
  it('holds each list’s total, and counts a contact queued elsewhere at once', async () => {
    const counts = useCountsStore();
    await settled();
    const before = await engine.desk.call('data.counts');
    expect(counts.records).toEqual(before);
    await engine.desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: 'counted@example.com' } });
    await settled();
    expect(counts.records.contacts).toBe((before.contacts ?? 0) + 1);
    expect(counts.records.domains).toBe(before.domains);
  });
});

describe('facets', () => {
  it('reads a resource’s filter values once, forgets them when its data changes, and all of them when the account does', async () => {
    const facets = useFacetsStore();
    await settled();
    facets.ensure('domains', ['status', 'registrar']);
    facets.ensure('tickets', ['status']);
    await settled();
    expect(facets.values.domains?.status).toEqual(await engine.desk.call('data.facets', { resource: 'domains', filter: 'status' }));
    expect(facets.values.domains?.registrar?.length).toBeGreaterThan(0);
    // The provider's registrar for one of the account's domains changes; the sync that reads it says data.changed.
    engine.sb.db.prepare('UPDATE domains SET registrar = ? WHERE id = (SELECT MIN(id) FROM domains WHERE userid = 1)').run('newreg');
    await engine.desk.call('sync.run', { only: ['domains'] });
    await settled();
    expect(facets.values.domains).toBeUndefined();
    expect(facets.values.tickets).toBeDefined();
    await addSecondAccount();
    await engine.desk.call('accounts.select', { name: 'Second' });
    await settled();
    expect(facets.values).toEqual({});
    await engine.desk.call('accounts.select', { name: 'Main' });
  });
});

describe('lookups', () => {
  it("names the departments, and follows a department the provider renamed once a sync reads it", async () => {
    const lookups = useLookupsStore();
    lookups.ensure();
    await settled();
    const { rows } = await engine.desk.call('data.list', { resource: 'departments', limit: 1000 });
    expect(lookups.departments.size).toBe(rows.length);
    const first = rows[0]!;
    expect(lookups.departments.get(Number(first.id))).toBe('name' in first ? first.name : undefined);
    engine.sb.db.prepare('UPDATE departments SET name = ? WHERE id = ?').run('Renamed desk', first.id);
    await engine.desk.call('sync.run', { only: ['departments'] });
    await settled();
    expect(lookups.departments.get(Number(first.id))).toBe('Renamed desk');
  });
});
