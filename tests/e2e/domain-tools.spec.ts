/**
 * Domain tools against the web host and the demo account: availability and prices, the whois text with a
 * find box, the EPP code requested as a queued edit and shown masked with Reveal; and, with the sandbox
 * answering nothing (its control endpoint), whois saying plainly that it needs the network, or serving the
 * answer it has marked stale.
 */
import type { Page } from '@playwright/test';
import type { Cached } from '../../shared/contract';
import type { EppResult, Domain } from '../../shared/models';
import { mkdirSync } from 'node:fs';
import { deskCall } from './fixtures/desk-call';
import { invoke } from './fixtures/page-bridge';
import { expect, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { seriousViolations } from './fixtures/axe';

const tool = (page: Page, name: string) => page.getByRole('region', { name });

async function checkDomain(page: Page, name: string): Promise<void> {
  await page.getByLabel('Domain name').fill(name);
  await page.getByRole('button', { name: 'Check', exact: true }).click();
}

test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
  // The bridge takes the launch token out of the address bar first; a navigation before that is undone.
  await expect.poll(() => new URL(page.url()).searchParams.has('token')).toBe(false);
  await page.goto(`${webHost.origin}/#/check-domain`);
  await expect(page.getByRole('heading', { name: 'Check a domain', level: 1 })).toBeVisible();
});

test('a free name is available with its prices; a registered one shows its whois text, with find', async ({ page, problems }) => {
  await checkDomain(page, 'surely-nobody-took-this-name-4821.com');
  await expect(page).toHaveURL(/domain=surely-nobody-took-this-name-4821\.com/);
  const availability = tool(page, 'Availability and prices');
  await expect(availability.getByTestId('availability')).toContainText('Available');
  await expect(availability.getByRole('table', { name: /Prices for/ }).getByRole('row', { name: /^1 year/ })).toContainText('$');
  await expect(availability.getByText(/Fetched/)).toBeVisible();

  await checkDomain(page, 'example.com');
  await expect(availability.getByTestId('availability')).toContainText('Registered');
  const whois = tool(page, 'Whois record');
  await expect(whois.getByRole('definition').first()).not.toBeEmpty();
  const text = whois.getByLabel('Whois text of example.com');
  await expect(text).toContainText('Registrar');

  const find = whois.getByRole('searchbox', { name: 'Find in the whois text' });
  await find.fill('registrar');
  const matches = await text.locator('mark').count();
  expect(matches).toBeGreaterThan(1);
  await expect(whois.getByTestId('whois-matches')).toHaveText(`1 of ${matches}`);
  await expect(text.locator('mark.current')).toHaveText(/registrar/i);
  await find.press('Enter');
  await expect(whois.getByTestId('whois-matches')).toHaveText(`2 of ${matches}`);
  await find.fill('no-such-text-anywhere');
  await expect(whois.getByTestId('whois-matches')).toHaveText('No match');
  await expect(text.locator('mark')).toHaveCount(0);

  // Both checks are remembered, newest first; one click checks a name again.
  const recent = tool(page, 'Checked lately');
  await expect(recent.getByRole('link')).toHaveText([/^example\.com\s*Registered/, /^surely-nobody-took-this-name-4821\.com\s*Available/]);
  await recent.getByRole('link', { name: /surely-nobody/ }).click();
  await expect(page).toHaveURL(/domain=surely-nobody-took-this-name-4821\.com/);
  await expect(availability.getByTestId('availability')).toContainText('Available');
  expect(problems).toEqual([]);
});

test('a domain of the account itself is recognised, with a link to its record', async ({ page }) => {
  const domain = (await deskCall<Domain | null>(page, 'data.get', { resource: 'domains', id: 2 }))!;
  await checkDomain(page, domain.domainName.toUpperCase());
  await page.getByRole('link', { name: `One of your domains (${domain.status}) — open it` }).click();
  await expect(page).toHaveURL(new RegExp(`#/domains/2(\\?|$)`));
  await expect(tool(page, 'EPP code')).toBeVisible();
});

test('a bad name gets a clear error and keeps what was typed', async ({ page }) => {
  await checkDomain(page, 'http://not a domain');
  await expect(page.getByRole('alert')).toContainText('Enter a domain name such as example.com');
  await expect(page.getByLabel('Domain name')).toHaveValue('http://not a domain');
  await expect(page.getByLabel('Domain name')).toHaveAttribute('aria-invalid', 'true');
});

test('the EPP code is requested as a queued edit, then shown masked until Reveal, and copied', async ({ page, webHost }) => {
  const domain = (await deskCall<Domain | null>(page, 'data.get', { resource: 'domains', id: 1 }))!;
  await page.goto(`${webHost.origin}/#/domains/1`);
  const epp = tool(page, 'EPP code');
  await expect(epp.getByRole('button', { name: 'Request EPP code' })).toBeVisible();
  await epp.getByRole('button', { name: 'Request EPP code' }).click();

  await expect(epp.getByTestId('epp-code')).toBeVisible({ timeout: 15_000 });
  const answer = (await deskCall<Cached<EppResult> | null>(page, 'domains.epp', { domain: domain.domainName }))!;
  expect(answer.value.delivery).toBe('returned');
  const code = answer.value.eppCode!;
  await expect(epp.getByTestId('epp-code')).not.toContainText(code);
  await expect(epp.getByTestId('epp-code')).toHaveText(/^•+$/);
  const reveal = epp.getByRole('button', { name: 'Reveal' });
  await reveal.click();
  await expect(epp.getByTestId('epp-code')).toHaveText(code);
  await expect(epp.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
  await expect(epp.getByRole('button', { name: 'Request again' })).toBeEnabled();

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await epp.getByRole('button', { name: 'Copy' }).click();
  await expect(epp.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  expect(await seriousViolations(page, 'main')).toEqual([]);
});

test('offline, whois says it needs the network; an answer fetched before is served marked stale', async ({ page, webHost }) => {
  await checkDomain(page, 'example.org');
  const availability = tool(page, 'Availability and prices');
  await expect(availability.getByTestId('availability')).toBeVisible();

  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await checkDomain(page, 'never-asked-before-9931.net');
    await expect(availability.getByRole('alert')).toContainText('Checking availability needs the network.');
    await expect(tool(page, 'Whois record').getByRole('alert')).toContainText('Checking the whois record needs the network.');
    await expect(availability.getByText('Asking the provider…')).toHaveCount(0);

    await checkDomain(page, 'example.org');
    await expect(availability.getByTestId('availability')).toBeVisible();
    await availability.getByRole('button', { name: 'Refresh Availability and prices' }).click();
    await expect(availability.getByTestId('stale')).toBeVisible();
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
});

test('a transfer is offered with a warning when the registry locks the domain, its status shown', async ({ page }) => {
  await checkDomain(page, 'example.com');
  const availability = tool(page, 'Availability and prices');
  await expect(availability.getByTestId('availability')).toContainText('Registered');
  await expect(availability.getByTestId('transfer-lock')).toContainText('clientTransferProhibited');
  await availability.getByRole('button', { name: 'Transfer…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transfer example.com' });
  await expect(dialog.getByTestId('order-locked')).toContainText('clientTransferProhibited');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('offline, a domain can still be registered or transferred, with a plain warning; the order is queued', async ({ page, webHost }) => {
  const screens = process.env.SCREENS_DIR ?? 'test-results/screens';
  mkdirSync(screens, { recursive: true });
  const name = 'offline-order-7312.com';
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await checkDomain(page, name);
    const availability = tool(page, 'Availability and prices');
    await expect(availability.getByRole('alert')).toContainText('Checking availability needs the network.');
    const offer = availability.getByTestId('order-offline');
    await expect(offer).toContainText('availability will be checked when the order is sent');
    await expect(offer.getByRole('button', { name: 'Transfer…' })).toBeVisible();
    for (const [language, scheme] of [['en', 'light'], ['en', 'dark'], ['it', 'light'], ['it', 'dark']] as const) {
      // The page shows saved settings at once (settings.changed): the answer on screen stays as it is.
      await invoke(page, 'settings.set', { language, theme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByTestId('order-offline')).toBeVisible();
      await page.screenshot({ path: `${screens}/check-domain-offline-${language}-${scheme}.png` });
    }
    await invoke(page, 'settings.set', { language: 'en', theme: 'system' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await offer.getByRole('button', { name: 'Register…' }).click();
    const dialog = page.getByRole('dialog', { name: `Register ${name}` });
    await expect(dialog.getByTestId('order-unchecked')).toContainText('Availability was not checked');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${screens}/domain-order-offline-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Place order' }).click();
    await expect(dialog).toBeHidden();
    const queued = await invoke(page, 'outbox.list', { kind: 'add-order' });
    expect(queued.some((entry) => JSON.stringify(entry.params).includes(name))).toBe(true);
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
});
