/**
 * The renewals' part of the reseller's morning on its own (tests/e2e/morning/renew.ts): offline, renew a domain
 * from its detail and order an add-on for a service from its detail, through the UI; back online, the outbox
 * drains and the sandbox's own API holds each order once with what was chosen. The selection step (renew three
 * selected) needs the selection of another branch and runs only in the composed morning.
 */
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, test } from './fixtures/web-host';
import { addonForService, renewFromDetail } from './morning/renew';
import type { MorningContext } from './morning/step';

test('the renewals of the morning: queued offline through the UI, each order on the provider once', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await openApp(page, webHost);
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  const ctx: MorningContext = { page, webHost, notes: new Map() };
  const steps = [renewFromDetail, addonForService];

  await setFaults(webHost.sandbox!, { reset: 1 });
  for (const step of steps) await test.step(step.name, () => step.act(ctx));

  await setFaults(webHost.sandbox!, { reset: 0 });
  await invoke(page, 'sync.run');
  await expect
    .poll(async () => {
      const counts = await invoke(page, 'outbox.counts');
      return counts.queued + counts.sending + counts.failed + counts.needs_review;
    }, { timeout: 60_000 })
    .toBe(0);
  for (const step of steps) await test.step(`check: ${step.name}`, () => step.check(ctx));
});
