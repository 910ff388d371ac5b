/**
 * A saved cart that does not parse (changed outside the app, or kept by an older version) never blanks its view
 * (issue 35.15): it is checked when read, set aside under its own name with a notice, and the cart starts empty.
 * A form's draft with values it cannot read is set aside the same way, and the form keeps what it could read.
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

test('a form’s draft with a value of another sort is set aside with a notice; the form shows what could be read', async ({ page, webHost, problems }) => {
  await showApp(page, webHost);
  // The city saved as a list (changed outside the app): the rest of the draft fits the form.
  const tampered = { text: { firstname: 'Ada', lastname: 'Byron', city: ['London'] }, subaccount: false };
  await invoke(page, 'drafts.save', { key: 'add-contact', value: tampered });
  await page.reload();
  await showApp(page, webHost, '#/contacts');
  await page.getByRole('button', { name: 'New contact' }).click();
  const contact = page.getByRole('dialog', { name: 'New contact' });
  await expect(contact.getByLabel('First name')).toHaveValue('Ada');
  await expect(contact.getByLabel('Last name')).toHaveValue('Byron');
  await expect(contact.getByLabel('City')).toHaveValue('');
  // Said over the form, inside its dialog (the window's own notice is behind the dialog).
  const notice = contact.getByRole('status').filter({ hasText: 'Your saved draft of a new contact could not be read whole' });
  await expect(notice).toContainText('set aside');
  expect(await invoke(page, 'drafts.get', { key: 'add-contact:set-aside' })).toMatchObject(tampered);
  await lookAt(page, 'form-draft-set-aside');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  expect(problems).toEqual([]);
});
