/**
 * The selection's part of the reseller's morning alone (tests/e2e/morning/select.ts): done offline through the
 * UI (the provider resets every connection), then back online, the outbox drained and the provider checked.
 */
import { deskCall } from './fixtures/desk-call';
import { expect, openApp, setFaults, test } from './fixtures/web-host';
import { SELECT_STEPS } from './morning/select';
import type { MorningContext } from './morning/step';

test('the morning, selection: 50 contacts edited after the preview, two deleted, each arriving once', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  await openApp(page, webHost);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 30_000 });
  const ctx: MorningContext = { page, webHost, notes: new Map() };
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    for (const step of SELECT_STEPS) await step.act(ctx);
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
  await deskCall(page, 'sync.run');
  await expect
    .poll(async () => {
      const counts = await deskCall<Record<string, number>>(page, 'outbox.counts');
      return counts.queued! + counts.sending! + counts.failed! + counts.needs_review!;
    }, { timeout: 120_000 })
    .toBe(0);
  for (const step of SELECT_STEPS) await step.check(ctx);
});
