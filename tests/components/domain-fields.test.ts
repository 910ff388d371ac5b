/**
 * DomainFields, the fields a domain's registry asks for: what it shows for a name's TLD (none for one that asks
 * nothing), a select at the registry's default without writing it into the draft, typed values and ticks into
 * the domain's `fields`, a problem under its field, and a name moved to another registry's TLD dropping the other's values.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { afterEach, expect, it } from 'vitest';
import { nextTick, reactive } from 'vue';
import DomainFields from '../../renderer/src/components/shop/DomainFields.vue';
import { noDomain, type DomainChoice } from '../../renderer/src/components/shop/cart';
import { mountInApp } from './harness.js';

let wrapper: VueWrapper | null = null;
afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

async function fieldsFor(name: string, errors: Record<string, string> = {}, mode: DomainChoice['mode'] = 'register') {
  const domain = reactive<DomainChoice>({ ...noDomain(), mode, name });
  wrapper = mountInApp(DomainFields, { props: { domain, errors } });
  await flushPromises();
  return { domain, element: wrapper.element as HTMLElement };
}

const byLabel = (root: HTMLElement, text: string) => {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.replace('*', '').trim().startsWith(text));
  const id = label?.getAttribute('for');
  return (id ? root.querySelector(`#${CSS.escape(id)}`) : label?.querySelector('input')) as HTMLInputElement | HTMLSelectElement | null;
};

it('shows the .it registry’s fields, the legal type at its default without writing it into the draft', async () => {
  const { domain, element } = await fieldsFor('esempio.it');
  expect(element.querySelector('legend')?.textContent).toBe('What the .it registry asks for esempio.it');
  expect(byLabel(element, 'Legal type of the registrant')?.value).toBe('Italian and foreign natural persons');
  expect(domain.fields).toBeUndefined();
  expect(element.querySelectorAll('input[type="checkbox"]')).toHaveLength(5);
});

it('keeps what is typed and ticked in the domain’s fields', async () => {
  const { domain, element } = await fieldsFor('esempio.it');
  const tax = byLabel(element, 'Tax ID (codice fiscale or VAT number)') as HTMLInputElement;
  tax.value = 'RSSMRA80A01H501U';
  tax.dispatchEvent(new Event('input'));
  const tick = byLabel(element, 'I accept section 3') as HTMLInputElement;
  tick.checked = true;
  tick.dispatchEvent(new Event('change'));
  const type = byLabel(element, 'Legal type of the registrant') as HTMLSelectElement;
  type.value = 'public organizations';
  type.dispatchEvent(new Event('change'));
  await nextTick();
  expect(domain.fields).toMatchObject({ 'Tax ID': 'RSSMRA80A01H501U', 'Accept Section 3 of .IT registrar contract': 'on', 'Legal Type': 'public organizations' });
  // A public body must consent to publication: the box is marked required now.
  expect(byLabel(element, 'Publish the registrant’s personal data')?.closest('label')?.textContent).toContain('*');
});

it('says a problem under its field', async () => {
  const { element } = await fieldsFor('esempio.it', { 'Tax ID': 'required' });
  const tax = byLabel(element, 'Tax ID (codice fiscale or VAT number)')!;
  expect(tax.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(tax.getAttribute('aria-describedby')!)?.textContent).toBe('required');
});

it('asks nothing for a TLD without fields, nor for a transfer its registry does not ask for; drops another registry’s values when the name moves', async () => {
  await fieldsFor('example.com');
  expect(wrapper!.find('fieldset').exists()).toBe(false);
  wrapper!.unmount();
  await fieldsFor('shop.co.uk', {}, 'transfer');
  expect(wrapper!.find('fieldset').exists()).toBe(false);
  wrapper!.unmount();
  const { domain, element } = await fieldsFor('esempio.it');
  domain.fields = { 'Tax ID': 'RSSMRA80A01H501U', 'Legal Type': 'public organizations' };
  domain.name = 'example.us';
  await flushPromises();
  expect(element.querySelector('legend')?.textContent).toBe('What the .us registry asks for example.us');
  expect(domain.fields).toEqual({ 'Tax ID': '', 'Legal Type': '' });
  expect(byLabel(element, 'Nexus category')?.value).toBe('C11');
});
