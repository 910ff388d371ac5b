/**
 * The morning's import step alone (tests/e2e/morning/import.ts), as the whole morning runs it: offline through
 * the UI, then back online the outbox drains and the step's check asks the provider's own API.
 */
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, test } from './fixtures/web-host';
import { importSteps } from './morning/import';
import type { MorningContext } from './morning/step';

test('the morning’s contacts from a CSV: queued offline through the UI, each valid one on the provider once', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  await openApp(page, webHost);
  const ctx: MorningContext = { page, webHost, notes: new Map() };

  await setFaults(webHost.sandbox!, { reset: 1 });
  for (const step of importSteps) await step.act(ctx);
  // Nothing reached the provider while it failed every request.
  expect((await invoke(page, 'outbox.counts')).done).toBe(0);

  await setFaults(webHost.sandbox!, { reset: 0 });
  await invoke(page, 'sync.run');
  await expect
    .poll(async () => {
      const counts = await invoke(page, 'outbox.counts');
      return counts.queued + counts.sending + counts.failed + counts.needs_review;
    }, { timeout: 120_000 })
    .toBe(0);
  for (const step of importSteps) await step.check(ctx);
});
