/** Reading and filling a mounted form dialog as a person does: its fields by their labels, the words under each. */
import { flushPromises } from '@vue/test-utils';
import type { Engine } from './harness.js';

export const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;

/** The input (or select) labelled `label` in the dialog, and the words under it. */
export function field(label: string) {
  const labelled = [...dialog().querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = labelled ? document.getElementById(labelled.htmlFor) : null;
  if (!(input instanceof HTMLInputElement) && !(input instanceof HTMLSelectElement)) throw new Error(`no field labelled ${label}`);
  const error = input.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent?.trim());
  return { input, said: error?.join(' ') ?? '' };
}

export async function type(input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  input.value = value;
  input.dispatchEvent(new Event('input'));
  await flushPromises();
}

/** Submits the dialog's form and waits until the engine has answered what it set off. */
export async function submit(engine: Engine): Promise<void> {
  [...dialog().querySelectorAll('button')].find((b) => b.type === 'submit')!.click();
  await engine.host.idle();
  await flushPromises();
}
