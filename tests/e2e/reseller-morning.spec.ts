/**
 * A reseller's morning through the UI only (issue 23's "done when"), offline, against a sandbox provider of the
 * spec's own (the demo data with 70 contacts, so that 50 can be edited at once): renew one domain from its detail
 * and three from a selection; order a hosting product with a billing cycle, a configurable option, an add-on, a
 * custom field and a new domain with ID protection and two nameservers; order an add-on for a service; import 20
 * contacts from a CSV (one invalid, left out); edit 50 selected contacts after their preview (one field set, one
 * cleared); delete two. Back online the outbox drains, and each step's check reads the provider: every order and
 * edit there exactly once. The steps live in tests/e2e/morning/.
 */
import { invoke } from './fixtures/page-bridge';
import { expect, openApp, setFaults, startProvider, test, type SandboxInfo } from './fixtures/web-host';
import { importSteps } from './morning/import';
import { renewSteps } from './morning/renew';
import { SELECT_STEPS } from './morning/select';
import { shopSteps } from './morning/shop';
import type { MorningContext, MorningStep } from './morning/step';

test.use({ webHostArgs: [] });

const MORNING: MorningStep[] = [...renewSteps, ...shopSteps, ...importSteps, ...SELECT_STEPS];

let provider: SandboxInfo;
let stopProvider: (() => Promise<void>) | null = null;
test.beforeAll(async () => {
  ({ provider, stop: stopProvider } = await startProvider(['--size', 'contacts=70']));
});
test.afterAll(async () => stopProvider?.());

test("a reseller's morning, offline then back: every order and edit reaches the provider once", async ({ page, webHost, problems }) => {
  test.setTimeout(600_000);
  await openApp(page, webHost);
  const { baseUrl, altBaseUrl, clientId, clientSecret, username, password } = provider;
  await invoke(page, 'accounts.add', { name: 'Morning', baseUrl, altBaseUrl, clientId, clientSecret, username, password });
  expect((await invoke(page, 'sync.run')).outcome).toBe('ok');
  await page.evaluate(() => (location.hash = '#/'));
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Contacts', exact: true })).toBeVisible({ timeout: 30_000 });
  const ctx: MorningContext = { page, webHost: { ...webHost, sandbox: provider }, notes: new Map() };

  await setFaults(provider, { reset: 1 });
  try {
    for (const step of MORNING) await test.step(`offline: ${step.name}`, () => step.act(ctx));
    // Nothing reached the provider while it failed every request.
    expect((await invoke(page, 'outbox.counts')).done).toBe(0);
  } finally {
    await setFaults(provider, { reset: 0 });
  }

  await invoke(page, 'sync.run');
  await expect
    .poll(async () => {
      const counts = await invoke(page, 'outbox.counts');
      return counts.queued + counts.sending + counts.failed + counts.needs_review;
    }, { timeout: 240_000 })
    .toBe(0);
  for (const step of MORNING) await test.step(`online: ${step.name}`, () => step.check(ctx));
  expect(problems).toEqual([]);
});
