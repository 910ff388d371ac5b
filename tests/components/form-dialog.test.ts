/**
 * FormDialog, the frame of every form in a dialog: its name and description, the fields it is given, submit and
 * Cancel, a busy form, a problem that names no field, and "Discard draft" when the form has one.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it, vi } from 'vitest';
import { h } from 'vue';
import FormDialog from '../../renderer/src/components/forms/FormDialog.vue';
import { mountInApp } from './harness.js';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

const PROPS = { title: 'New contact', description: 'A contact of the account.', submitLabel: 'Add contact', busyLabel: 'Adding…', busy: false, general: null };

async function dialog(props: Partial<InstanceType<typeof FormDialog>['$props']> = {}) {
  wrapper = mountInApp(FormDialog, {
    props: { ...PROPS, open: true, ...props },
    slots: { default: () => h('input', { name: 'firstname', 'aria-label': 'First name' }) },
  });
  await flushPromises();
  return wrapper;
}

/** The dialog as the page has it (it is drawn in a portal at the end of the body). */
const shown = () => document.querySelector<HTMLElement>('[role="dialog"]');
const button = (name: string) => [...(shown()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === name);

it('is a dialog named by its title and described by its description, holding the fields it is given', async () => {
  await dialog();
  const element = shown()!;
  expect(document.getElementById(element.getAttribute('aria-labelledby')!)?.textContent).toBe('New contact');
  expect(document.getElementById(element.getAttribute('aria-describedby')!)?.textContent).toBe('A contact of the account.');
  expect(element.querySelector('input[name="firstname"]')).not.toBeNull();
  expect(element.querySelector('[role="alert"]')).toBeNull();
  expect(button('Discard draft')).toBeUndefined();
});

it('draws nothing while closed', async () => {
  await dialog({ open: false });
  expect(shown()).toBeNull();
});

it('asks to submit from its button and from Enter in a field, never sending the page anywhere', async () => {
  const w = await dialog();
  button('Add contact')!.click();
  const field = shown()!.querySelector('form')!;
  const submitted = new Event('submit', { cancelable: true });
  field.dispatchEvent(submitted);
  expect(w.emitted('submit')).toHaveLength(2);
  expect(submitted.defaultPrevented).toBe(true);
});

it('while busy, says so on a disabled submit', async () => {
  const w = await dialog({ busy: true });
  const submit = button('Adding…')!;
  expect(submit.disabled).toBe(true);
  expect(submit.getAttribute('aria-busy')).toBe('true');
  expect(button('Add contact')).toBeUndefined();
  await w.setProps({ busy: false });
  expect(button('Add contact')!.disabled).toBe(false);
  expect(button('Add contact')!.hasAttribute('aria-busy')).toBe(false);
});

it('says a problem that names no field as an alert', async () => {
  await dialog({ general: 'The provider could not be reached.' });
  expect(shown()!.querySelector('[role="alert"]')?.textContent).toBe('The provider could not be reached.');
});

it('closes on Cancel, keeping the form (open becomes false)', async () => {
  const w = await dialog();
  button('Cancel')!.click();
  await flushPromises();
  expect(w.emitted('update:open')).toEqual([[false]]);
  expect(w.emitted('submit')).toBeUndefined();
});

it('offers Discard draft when the form has a draft, and not while busy', async () => {
  const discard = vi.fn();
  const w = await dialog({ discard });
  button('Discard draft')!.click();
  expect(discard).toHaveBeenCalledTimes(1);
  await w.setProps({ busy: true });
  expect(button('Discard draft')!.disabled).toBe(true);
});
