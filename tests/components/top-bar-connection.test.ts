/**
 * The top bar's connection states, driven through the real engine: a provider that answers (Online), one that
 * fails every request with a 500 (Provider failing), the person's own sign-out (Signed out, its reason and Sign
 * in), a sync under way (Syncing), and no provider at the address at all (Offline). Each state reaches the page
 * as the contract's `connectivity` and `sync.*` events, as it does in the app.
 */
import type { VueWrapper } from '@vue/test-utils';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NO_FAULTS } from '../../sandbox/options.js';
import AppTopBar from '../../renderer/src/components/AppTopBar.vue';
import { useSessionStore } from '../../renderer/src/stores/session.js';
import { mountInApp, openEngine, type Engine } from './harness.js';

let engine: Engine;
let bar: VueWrapper;
let session: ReturnType<typeof useSessionStore>;

beforeAll(async () => {
  engine = await openEngine({ sync: true });
  bar = mountInApp(AppTopBar, { routed: true });
  session = useSessionStore();
  await session.load();
});

afterAll(async () => {
  bar.unmount();
  await engine?.close();
});

/** The connection as the bar says it: its state, its words and their hint. */
async function shown() {
  await engine.host.idle();
  const label = bar.get('.connectivity-label');
  return { state: bar.get('.connectivity').attributes('data-state'), words: label.text(), hint: label.attributes('title') };
}

it('says Online while the provider answers, and when the data was synced', async () => {
  expect(await shown()).toEqual({ state: 'online', words: 'Online', hint: 'The provider answers; edits are sent as you make them.' });
  expect(bar.get('.sync-status').text()).toMatch(/^Synced /);
  expect(bar.find('.connectivity button').exists()).toBe(false);
});

it('says Syncing while a sync runs, with how many resources are done', async () => {
  const firstProgress = new Promise((resolve) => engine.desk.once('sync.progress', resolve));
  const sync = session.sync();
  await firstProgress;
  await bar.vm.$nextTick();
  expect(bar.get('.sync-status').text()).toMatch(/^Syncing \d+ of \d+$/);
  expect(bar.find('progress.sync-overall').exists()).toBe(true);
  await sync;
  await engine.host.idle();
  expect(bar.get('.sync-status').text()).toMatch(/^Synced /);
});

it('says Provider failing when every request fails with a 500, and Online again once it answers', async () => {
  engine.sb.setFaults({ http500: 1 });
  await session.sync();
  expect(await shown()).toMatchObject({ state: 'failing', words: 'Provider failing' });
  expect((await shown()).hint).toMatch(/replies fail/);
  // The data is as of the last sync that worked, never "Synced just now".
  expect(bar.get('.sync-status').text()).toMatch(/^Data from /);
  engine.sb.setFaults(NO_FAULTS);
  await session.sync();
  expect(await shown()).toMatchObject({ state: 'online', words: 'Online' });
});

it('says Signed out after the person signs out, with why and a Sign in, and Online once signed in again', async () => {
  await session.signOut('Main');
  expect(await shown()).toMatchObject({ state: 'signed_out', words: 'Signed out' });
  expect(bar.get('.connectivity-reason').text()).toBe('You signed out; sign in to send edits and sync.');
  expect(bar.get('.connectivity button').text()).toBe('Sign in');
  await session.signIn(engine.sb.password);
  expect(await shown()).toMatchObject({ state: 'online', words: 'Online' });
  expect(bar.find('.connectivity-reason').exists()).toBe(false);
});

it('says Offline when nothing answers at the provider’s address', async () => {
  await engine.stopProvider();
  await session.sync();
  expect(await shown()).toEqual({
    state: 'offline',
    words: 'Offline',
    hint: 'No network reaches the provider; you see your data as of the last sync and edits wait in the outbox.',
  });
  expect(bar.get('.sync-status').text()).toMatch(/^Data from /);
});
