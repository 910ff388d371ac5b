/**
 * The dashboard's "Products, quotes and more" with the engine's own client record: before any sync has read the
 * account's stats it says they are not known (never a 0 it does not know); once synced, every figure is the
 * provider's, a zero shown as 0.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientStats } from '../../shared/models.js';
import ProviderCounts from '../../renderer/src/components/dashboard/ProviderCounts.vue';
import { mountInApp, openEngine, type Engine } from './harness.js';

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine();
});
afterAll(() => engine?.close());

const statsNow = async () => (await engine.desk.call('data.client'))?.stats ?? null;

it('says the figures are not known before a sync has read them', async () => {
  expect(await statsNow()).toBeNull();
  const card = mountInApp(ProviderCounts, { props: { stats: await statsNow() } });
  expect(card.get('[data-testid="counts-unknown"]').text()).toBe('Not known yet: these figures come with the next sync.');
  expect(card.find('table').exists()).toBe(false);
  card.unmount();
});

it('shows each figure the sync read, a zero as 0', async () => {
  await engine.desk.call('sync.run');
  const stats = (await statsNow()) as ClientStats;
  const card = mountInApp(ProviderCounts, { props: { stats: { ...stats, productsNumActiveReseller: 0, productsNumReseller: 0 } } });
  const cells = (key: string) => card.get(`[data-products="${key}"]`).findAll('td').map((cell) => cell.text());
  expect(cells('hosting')).toEqual([String(stats.productsNumActiveHosting), String(stats.productsNumHosting)]);
  expect(cells('reseller')).toEqual(['0', '0']);
  expect(card.get('[data-fact="quotes"]').text()).toBe(`${stats.numAcceptedQuotes} accepted of ${stats.numQuotes}`);
  expect(card.get('[data-fact="affiliate"]').text()).toBe(stats.isAffiliate ? `${stats.numAffiliateSignups} sign-ups` : 'Not an affiliate');
  card.unmount();
});
