/**
 * Every screen, in light and in dark: axe finds no serious or critical violation, and a 1440x900 screenshot is
 * saved under test-results/screens/ for people to look at. Against the web host with the demo account.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { ResourceName } from '../../shared/records';
import { invoke } from './fixtures/page-bridge';
import { expect, showApp, testOnFilePage as test, type RunningWebHost } from './fixtures/web-host';
import { seriousViolationsIn } from './fixtures/axe';

/** test-results/screens by default; SCREENS_DIR keeps them elsewhere (another Playwright run empties test-results/). */
const SCREENS_DIR = process.env.SCREENS_DIR ?? 'test-results/screens';

interface Screen {
  name: string;
  /** The route's hash; a function when it needs a record from the mirror. */
  hash: string | ((page: Page) => Promise<string>);
  /** Something to do on the screen before it is checked (open a menu, a panel). */
  prepare?: (page: Page) => Promise<void>;
  /** Puts back what prepare changed in the engine: the web host serves this file's next screens too. */
  restore?: (page: Page, host: RunningWebHost) => Promise<void>;
}

/** The first row's id of a list, read through the page's own bridge. */
const firstId = (resource: ResourceName) => async (page: Page) => (await invoke(page, 'data.list', { resource, limit: 1 })).rows[0]!.id;

const LISTS = ['services', 'domains', 'orders', 'payments', 'contacts', 'tickets', 'announcements', 'departments', 'catalogue', 'invoices'];

const SCREENS: Screen[] = [
  { name: 'dashboard', hash: '#/' },
  ...LISTS.map((list) => ({ name: list, hash: `#/${list}` })),
  { name: 'billing', hash: '#/billing' },
  { name: 'check-domain', hash: '#/check-domain' },
  { name: 'settings', hash: '#/settings' },
  { name: 'welcome', hash: '#/welcome' },
  { name: 'connect', hash: '#/connect' },
  { name: 'domain-detail', hash: async (page) => `#/domains/${await firstId('domains')(page)}` },
  { name: 'ticket-detail', hash: async (page) => `#/tickets/${await firstId('tickets')(page)}` },
  { name: 'order-detail', hash: async (page) => `#/orders/${await firstId('orders')(page)}` },
  {
    name: 'outbox',
    hash: '#/outbox',
    // An edit the provider refuses (no such contact), so the queue has a failed entry with its actions.
    prepare: async (page) => {
      await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_999, city: 'Trento' } });
      // Each entry is in one tab: a failed one in Failed, not in Pending.
      await page.getByRole('button', { name: /^Failed/ }).click();
      await expect(page.getByRole('button', { name: /^Retry/ }).first()).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'sync-panel',
    hash: '#/',
    prepare: async (page) => {
      await page.getByRole('button', { name: /synced/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'account-menu',
    hash: '#/',
    prepare: async (page) => {
      await page.getByRole('button', { name: /switch account/i }).click();
      await expect(page.getByRole('menu')).toBeVisible();
    },
  },
  ...(
    [
      ['new-contact', '#/contacts', 'New contact'],
      ['new-ticket', '#/tickets', 'New ticket'],
      ['new-invoice', '#/invoices', 'New invoice'],
    ] as const
  ).map(([name, hash, button]) => ({
    name,
    hash,
    prepare: async (page: Page) => {
      await page.getByRole('button', { name: button }).click();
      await expect(page.getByRole('dialog', { name: button })).toBeVisible();
    },
  })),
  {
    name: 'domain-order',
    hash: '#/check-domain?domain=surely-nobody-took-this-name-5519.com',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'Register…' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  {
    name: 'sign-in',
    hash: '#/',
    prepare: async (page) => {
      await invoke(page, 'accounts.signOut', { name: 'Demo' });
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
    restore: async (page, host) => {
      await invoke(page, 'accounts.signIn', { name: 'Demo', password: host.sandbox!.password });
    },
  },
];

/**
 * Shows the route `hash` from the dashboard, on the file's one page (testOnFilePage): the app is opened once and
 * every screen is reached by its route, as a person moves through the app (a dialog or menu the screen before
 * left open closed with Esc). The dashboard first, then the screen, whose heading must replace the dashboard's:
 * a heading that never changes fails the test instead of checking the screen before (a record's detail has its
 * list's heading, so it could not follow its list directly).
 */
async function showRoute(page: Page, host: RunningWebHost, hash: string | ((page: Page) => Promise<string>)): Promise<void> {
  await showApp(page, host);
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading).toHaveText('Dashboard', { timeout: 20_000 });
  const route = typeof hash === 'string' ? hash : await hash(page);
  if (route === '#/') return;
  await page.evaluate((h) => (location.hash = h), route);
  await expect(heading).not.toHaveText('Dashboard', { timeout: 20_000 });
}

/** The screen has drawn its heading and nothing on it says it is still loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
}

// The screens are independent (each shows its route from the dashboard): the
// file's tests spread over the workers, each worker with a web host of its own for this file and a page of its
// own. Axe over a long list takes a while on a busy machine (contract tests run beside), hence twice the default
// time.
test.describe.configure({ mode: 'parallel', timeout: 120_000 });

test.beforeAll(() => mkdirSync(SCREENS_DIR, { recursive: true }));

for (const screen of SCREENS) {
  // Both schemes on one page: the app follows the system's scheme as it changes, without a reload.
  test(`${screen.name}, light then dark: no serious or critical axe violation`, async ({ page, webHost }) => {
    await showRoute(page, webHost, screen.hash);
    await settled(page);
    await screen.prepare?.(page);
    const serious: Record<string, string[]> = {};
    try {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SCREENS_DIR}/${screen.name}-${scheme}.png` });
        serious[scheme] = await seriousViolationsIn(scheme, page);
      }
    } finally {
      await screen.restore?.(page, webHost);
    }
    expect(serious).toEqual({ light: [], dark: [] });
  });
}
