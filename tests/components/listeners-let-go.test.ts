/**
 * Every part of the renderer that listens to the engine lets go when it ends: each store, made and disposed
 * (Pinia's $dispose ends its scope), and each listening component, mounted and unmounted, leaves the bridge
 * with the listeners it had before (the host bridge counts them, tests/components/desk-host.ts). A listener
 * kept by hand and forgotten, or an unsubscribe thrown away, fails here by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Component } from 'vue';
import { useDrafts } from '../../renderer/src/components/forms/drafts.js';
import { useCart } from '../../renderer/src/components/shop/use-cart.js';
import { useClientStore } from '../../renderer/src/stores/client.js';
import { useCountsStore } from '../../renderer/src/stores/counts.js';
import { useFacetsStore } from '../../renderer/src/stores/facets.js';
import { useListStore } from '../../renderer/src/stores/list.js';
import { useLookupsStore } from '../../renderer/src/stores/lookups.js';
import { useOutboxStore } from '../../renderer/src/stores/outbox.js';
import { useSessionStore } from '../../renderer/src/stores/session.js';
import { useSettingsStore } from '../../renderer/src/stores/settings.js';
import ConflictBanner from '../../renderer/src/components/outbox/ConflictBanner.vue';
import RefusalNotice from '../../renderer/src/components/outbox/RefusalNotice.vue';
import TicketWritten from '../../renderer/src/components/outbox/TicketWritten.vue';
import EppCode from '../../renderer/src/components/domain/EppCode.vue';
import OrderPayments from '../../renderer/src/components/billing/OrderPayments.vue';
import AppTopBar from '../../renderer/src/components/AppTopBar.vue';
import { freshPinia, mountInApp, openEngine, type Engine } from './harness.js';

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine({ sync: true });
});
afterAll(async () => {
  await engine?.close();
});

type AnyStore = { $dispose: () => void };
const STORES: Array<[name: string, make: () => AnyStore]> = [
  ['session', () => useSessionStore()],
  ['settings', () => useSettingsStore()],
  ['client', () => useClientStore()],
  ['counts', () => useCountsStore()],
  ['facets', () => useFacetsStore()],
  [
    'lookups (after ensure)',
    () => {
      const store = useLookupsStore();
      store.ensure();
      return store;
    },
  ],
  ['outbox', () => useOutboxStore()],
  ['drafts', () => useDrafts()],
  ['cart (and the drafts it uses)', () => useCart()],
  ['the contacts list', () => useListStore('contacts')],
];

describe('stores', () => {
  it.each(STORES)('%s lets go of every listener when disposed', async (_name, make) => {
    const pinia = freshPinia();
    const before = engine.host.listenerCount();
    make();
    await engine.host.idle();
    expect(engine.host.listenerCount()).toBeGreaterThan(before);
    // Every store the one made used (the cart's drafts) is disposed with the Pinia, as the app's would be.
    for (const store of pinia._s.values()) store.$dispose();
    expect(engine.host.listenerCount()).toBe(before);
  });
});

const COMPONENTS: Array<[name: string, component: Component, props: Record<string, unknown>]> = [
  ['the top bar', AppTopBar, {}],
  ['the refusal notice', RefusalNotice, {}],
  ['the conflict banner', ConflictBanner, { resource: 'contacts', id: '1', pendingEntryIds: [] }],
  ['a ticket’s written opening', TicketWritten, { ticketId: 1 }],
  ['a domain’s EPP code', EppCode, { domain: 'example.com' }],
  ['an order’s payments', OrderPayments, { orderId: 1 }],
];

describe('components', () => {
  it.each(COMPONENTS)('%s lets go of every listener when unmounted', async (_name, component, props) => {
    const pinia = freshPinia();
    const before = engine.host.listenerCount();
    const wrapper = mountInApp(component, { props, pinia, routed: true });
    await engine.host.idle();
    expect(engine.host.listenerCount()).toBeGreaterThan(before);
    wrapper.unmount();
    for (const store of pinia._s.values()) store.$dispose();
    expect(engine.host.listenerCount()).toBe(before);
  });
});
