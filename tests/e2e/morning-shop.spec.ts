/**
 * The shop's part of the reseller's morning alone (morning/shop.ts): done through the UI with the provider
 * failing every request, then the provider back, a sync, the outbox drained, and each step's check over the
 * sandbox's own API.
 */
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, test } from './fixtures/web-host';
import type { MorningContext } from './morning/step';
import { shopSteps } from './morning/shop';

test('the shop’s morning: a hosting order with its options and a new domain, placed offline, arrives once', async ({ page, webHost }) => {
  test.setTimeout(120_000);
  await openApp(page, webHost);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  const ctx: MorningContext = { page, webHost, notes: new Map() };
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    for (const step of shopSteps) await step.act(ctx);
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
  await invoke(page, 'sync.run').catch(() => undefined);
  await expect.poll(async () => invoke(page, 'outbox.counts'), { timeout: 30_000 }).toMatchObject({ queued: 0, sending: 0, failed: 0, needs_review: 0 });
  for (const step of shopSteps) await step.check(ctx);
});
