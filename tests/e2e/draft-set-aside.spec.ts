/**
 * A saved cart that does not parse (changed outside the app, or kept by an older version) never blanks its view
 * (issue 35.15): it is checked when read, set aside under its own name with a notice, and the cart starts empty.
 */
import { invoke } from './fixtures/page-bridge';
import { lookAt } from './fixtures/screens';
import { expect, showApp, test } from './fixtures/web-host';

test('a tampered cart is set aside with a notice; the cart opens empty and works', async ({ page, webHost, problems }) => {
  await showApp(page, webHost);
  const tampered = { lines: [{ kind: 'product', key: 'x', pid: 'not a number', domain: null }], promocode: 7 };
  await invoke(page, 'drafts.save', { key: 'add-order:cart', value: tampered });
  await page.reload();
  await showApp(page, webHost, '#/cart');

  await expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Your saved cart could not be read' });
  await expect(notice).toContainText('set aside');
  await expect(page.getByTestId('cart-count')).toBeHidden();
  // Kept, under its own name; the cart's own draft is empty again.
  expect(await invoke(page, 'drafts.get', { key: 'add-order:cart:set-aside' })).toMatchObject({ lines: tampered.lines });
  await expect.poll(() => invoke(page, 'drafts.get', { key: 'add-order:cart' })).toBeNull();
  await lookAt(page, 'cart-set-aside');

  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  expect(problems).toEqual([]);
});
