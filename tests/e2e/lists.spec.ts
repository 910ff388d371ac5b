/**
 * The lists, end to end: the renderer in Chromium against the web host and the sandbox's demo account. Every
 * list shows as many rows as the engine counts; a detail pane shows a record's fields and links to the
 * records it names; the keyboard alone goes to Domains, opens a row and closes it; sorting and filtering
 * change what is shown; the engine's CSV export downloads the view.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, setFaults, showApp, testOnFilePage as test } from './fixtures/web-host';
import { seriousViolations } from './fixtures/axe';

const LISTS = [
  ['Services', 'services'],
  ['Domains', 'domains'],
  ['Orders', 'orders'],
  ['Payments', 'transactions'],
  ['Contacts', 'contacts'],
  ['Tickets', 'tickets'],
  ['Announcements', 'announcements'],
  ['Departments', 'departments'],
  ['Catalogue', 'catalogue'],
  ['Invoices', 'invoices'],
] as const;

/** A procedure called through the page's own bridge (what the renderer itself would get). */
async function invoke<T>(page: Page, name: string, input?: unknown): Promise<T> {
  const reply = await page.evaluate(
    ([n, i]) => window.desk.invoke(n as string, i),
    [name, input] as const,
  );
  if (!reply.ok) throw new Error(`${name} failed: ${JSON.stringify(reply)}`);
  return reply.value as T;
}

const grid = (page: Page) => page.getByRole('grid');
const bodyRows = (page: Page) => grid(page).locator('[role="row"][data-index]');
const cellTexts = async (page: Page, column: number) =>
  bodyRows(page).locator(`[role="gridcell"][aria-colindex="${column}"]`).allInnerTexts();

async function openList(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
}

// The file's tests share one running app (testOnFilePage); each starts on the dashboard.
test.beforeEach(async ({ page, webHost }) => {
  await showApp(page, webHost);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Domains', exact: true })).toBeVisible();
});

test('every list shows the number of records the engine holds, and the sidebar says it beside each name', async ({ page, problems }) => {
  const counts = await invoke<Record<string, number>>(page, 'data.counts');
  for (const [name, resource] of LISTS) {
    const link = page.getByRole('navigation').getByRole('link', { name, exact: true });
    await expect(link).toHaveAccessibleDescription(new RegExp(`^${counts[resource]} records?$`));
    await openList(page, name);
    const expected = counts[resource]!;
    if (expected === 0) {
      await expect(page.getByRole('status').filter({ hasText: `No ${name.toLowerCase()} yet` })).toBeVisible();
      // The invoices' own word on why: only those made in the app are here.
      if (resource === 'invoices') await expect(page.getByRole('status').filter({ hasText: 'No invoice has been made in this app yet' })).toBeVisible();
      continue;
    }
    await expect(grid(page)).toHaveAttribute('aria-rowcount', String(expected + 1));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(String(expected));
    // The rows in the DOM are those in view (once their first page is drawn), never more than the list holds.
    await expect(bodyRows(page).first()).toBeVisible();
    const rendered = await bodyRows(page).count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThanOrEqual(expected);
  }
  expect(problems).toEqual([]);
});

test("an order's detail shows its fields and line items, and a line item's link opens that domain", async ({ page }) => {
  await openList(page, 'Orders');
  const first = await invoke<{ rows: { orderNum: string; lineItems: { type: string; domain: string }[] }[] }>(page, 'data.list', {
    resource: 'orders',
    limit: 1000,
  });
  const order = first.rows.find((o) => o.lineItems.some((i) => i.type === 'domain'))!;
  const row = bodyRows(page).filter({ hasText: order.orderNum });
  await row.click();

  const detail = page.getByRole('region', { name: 'Details' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(`Order #${order.orderNum}`);
  await expect(detail.getByText('Payment method', { exact: true })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Line items' })).toBeVisible();

  // The pane is resizable from the keyboard: its splitter widens it with the left arrow.
  const splitter = page.getByRole('separator', { name: 'Resize the detail pane' });
  const width = Number(await splitter.getAttribute('aria-valuenow'));
  await splitter.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(width + 24));
  expect((await detail.boundingBox())!.width).toBeCloseTo(width + 24, 0);
  const domain = order.lineItems.find((i) => i.type === 'domain')!.domain;
  await detail.getByRole('link', { name: domain, exact: true }).click();
  await expect(page).toHaveURL(/#\/domains\/\d+/);
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(domain);
  await expect(detail.locator('dt', { hasText: /^Expires$/ }).first()).toBeVisible();
  // …and the domain links back to its order by the order's number, not its id.
  const orderLink = detail.getByRole('link', { name: /^Order #\d{6,}$/ });
  await expect(orderLink).toBeVisible();
  const orderTitle = (await orderLink.textContent())!;
  await orderLink.click();
  await expect(page).toHaveURL(/#\/orders\/\d+/);
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(orderTitle);
  // The sidebar, the list and its detail pane (the top bar is checked by the frame's own specs).
  expect(await seriousViolations(page, 'nav', '.list-screen')).toEqual([]);
});

test('keyboard only: go to Domains, open a row with Enter, close it with Esc', async ({ page, webHost }) => {
  // The Tab order counts from a page just opened: the app starts anew.
  await openApp(page, webHost);
  // Tab to the sidebar's Domains link.
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) ?.startsWith('Domains')) break;
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/domains$/);
  await expect(bodyRows(page).first()).toBeVisible();

  // "/" focuses the list's filter; the down arrow goes into the rows.
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter Domains' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const focused = page.locator('[role="row"]:focus');
  await expect(focused).toHaveAttribute('aria-rowindex', '3');
  const name = (await focused.locator('[aria-colindex="1"]').innerText()).trim();

  await page.keyboard.press('Enter');
  const detail = page.getByRole('region', { name: 'Details' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(page).toHaveURL(/#\/domains\/\d+/);

  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await expect(page.locator('[role="row"]:focus')).toHaveAttribute('aria-rowindex', '3');

  // End and Home reach the last and the first row.
  await page.keyboard.press('End');
  const total = Number(await grid(page).getAttribute('aria-rowcount'));
  await expect(page.locator('[role="row"]:focus')).toHaveAttribute('aria-rowindex', String(total));
  await page.keyboard.press('Home');
  await expect(page.locator('[role="row"]:focus')).toHaveAttribute('aria-rowindex', '2');
});

test('sorting by a column and filtering change the rows shown, as the engine lists them', async ({ page }) => {
  await openList(page, 'Domains');
  const expires = page.getByRole('columnheader', { name: 'Expires' });

  await expires.getByRole('button').click();
  await expect(expires).toHaveAttribute('aria-sort', 'ascending');
  const ascending = await invoke<{ rows: { domainName: string }[] }>(page, 'data.list', { resource: 'domains', sort: { field: 'expiryDate', dir: 'asc' }, limit: 5 });
  await expect.poll(() => cellTexts(page, 1).then((t) => t.slice(0, 5))).toEqual(ascending.rows.map((r) => r.domainName));

  // The keyboard sorts too: the header's button, Enter.
  await expires.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(expires).toHaveAttribute('aria-sort', 'descending');
  const descending = await invoke<{ rows: { domainName: string }[] }>(page, 'data.list', { resource: 'domains', sort: { field: 'expiryDate', dir: 'desc' }, limit: 5 });
  await expect.poll(() => cellTexts(page, 1).then((t) => t.slice(0, 5))).toEqual(descending.rows.map((r) => r.domainName));

  // A status filter: only that status, as many as the engine counts for it.
  const facets = await invoke<{ value: string; count: number }[]>(page, 'data.facets', { resource: 'domains', filter: 'status' });
  const rare = facets.at(-1)!;
  await page.getByRole('combobox', { name: /Status/ }).selectOption(rare.value);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(rare.count + 1));
  expect(new Set(await cellTexts(page, 2))).toEqual(new Set([rare.value]));
  await expect(page).toHaveURL(new RegExp(`status=${encodeURIComponent(rare.value)}`));

  // The text filter narrows further; with nothing left the list says so and offers to clear the filters.
  await page.getByRole('searchbox', { name: 'Filter Domains' }).fill('zzzz-no-such-domain');
  await expect(page.getByText('Nothing matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const counts = await invoke<Record<string, number>>(page, 'data.counts');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(counts.domains! + 1));
});

test('a filtered list is a link: the route query sets the filters', async ({ page, webHost }) => {
  const facets = await invoke<{ value: string; count: number }[]>(page, 'data.facets', { resource: 'services', filter: 'status' });
  await page.goto(`${webHost.origin}/#/services?status=${encodeURIComponent(facets[0]!.value)}`);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(facets[0]!.count + 1));
  await expect(page.getByRole('combobox', { name: /Status/ })).toHaveValue(facets[0]!.value);
});

test('Export CSV downloads the view the engine wrote', async ({ page }) => {
  await openList(page, 'Payments');
  // Payments have a text filter (transaction ids are searchable): "/" goes to it.
  await page.locator('body').press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter Payments' })).toBeFocused();
  const total = Number(await grid(page).getAttribute('aria-rowcount')) - 1;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await download.createReadStream().then(async (stream) => {
    let data = '';
    for await (const chunk of stream) data += chunk;
    return data;
  });
  const lines = text.trim().split('\n');
  expect(lines[0]).toContain('transId');
  expect(lines).toHaveLength(total + 1);
  await expect(page.getByRole('status').filter({ hasText: `(${total} rows)` })).toBeVisible();
});

test('a row with a queued edit is marked pending, and the Outbox badge counts it', async ({ page, webHost }) => {
  // The provider unreachable: the edit stays queued.
  await setFaults(webHost.sandbox!, { reset: 1 });
  try {
    await openList(page, 'Contacts');
    const contact = (await invoke<{ rows: { id: number; email: string }[] }>(page, 'data.list', { resource: 'contacts', limit: 1 })).rows[0]!;
    await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: contact.id, city: 'Bologna' } });

    const row = bodyRows(page).filter({ hasText: contact.email });
    await expect(row).toHaveClass(/pending/);
    await expect(row.getByText('Pending: changes not yet sent')).toBeAttached();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Outbox', exact: true })).toHaveAccessibleDescription('1 edit waiting to be sent');

    await row.click();
    await expect(page.getByRole('region', { name: 'Details' }).getByText('This record has edits waiting to be sent.')).toBeVisible();
  } finally {
    await setFaults(webHost.sandbox!, { reset: 0 });
  }
});

test("provider codes read as words: a product's type in the list and its filter; a ticket's service is a link to it", async ({ page }) => {
  await openList(page, 'Catalogue');
  await expect(bodyRows(page).first().getByRole('gridcell').first()).toBeVisible();
  const types = await cellTexts(page, 3);
  expect(types.length).toBeGreaterThan(0);
  expect(types).not.toContain('hostingaccount');
  expect(types).toContain('Hosting account');
  await expect(page.getByRole('group', { name: 'Filters' }).getByRole('option', { name: /^Hosting account \(\d+\)$/ })).toBeAttached();

  const tickets = await invoke<{ rows: { id: number; service: string }[] }>(page, 'data.list', { resource: 'tickets', limit: 200 });
  const about = tickets.rows.find((t) => /^[SD]\d+$/.test(t.service))!;
  const [, letter, id] = /^([SD])(\d+)$/.exec(about.service)!;
  await page.evaluate((ticket) => (location.hash = `#/tickets/${ticket}`), about.id);
  // Named by the record it is about, once read (its id until then).
  const to = letter === 'S' ? 'services' : 'domains';
  const target = await invoke<Record<string, unknown>>(page, 'data.get', { resource: to, id: Number(id) });
  const name = String(letter === 'S' ? target.domain || `#${id}` : target.domainName);
  const link = page.getByRole('region', { name: 'Details' }).getByRole('link', { name, exact: true });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/${to}/${id}`));
});

test("a column's edge resizes it, by dragging or with the arrow keys; the width is kept, and Enter gives the column its own back", async ({ page }) => {
  await openList(page, 'Domains');
  const header = page.getByRole('columnheader').first();
  const edge = page.getByRole('separator', { name: /^Resize the .+ column$/ }).first();
  const start = (await header.boundingBox())!.width;
  // A header is named by its label alone, not by the handle inside it.
  await expect(page.getByRole('columnheader', { name: 'Expires', exact: true })).toBeVisible();

  await edge.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await header.boundingBox())!.width).toBe(start + 32);
  await expect(edge).toHaveAttribute('aria-valuenow', String(start + 32));
  // The rows follow their header.
  const firstCell = bodyRows(page).first().locator('[role="gridcell"]').first();
  expect((await firstCell.boundingBox())!.width).toBe(start + 32);

  const box = (await edge.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await header.boundingBox())!.width).toBe(start + 32 - 100);

  await page.reload();
  await expect.poll(async () => (await page.getByRole('columnheader').first().boundingBox())?.width).toBe(start - 68);
  await page.getByRole('separator', { name: /^Resize the .+ column$/ }).first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await page.getByRole('columnheader').first().boundingBox())?.width).toBe(start);
});
