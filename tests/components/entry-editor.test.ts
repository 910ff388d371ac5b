/**
 * EntryEditor, where a person fixes an edit the provider refused, against a real engine: a new sub-account whose
 * e-mail the provider refuses ("Duplicate Email Address": the account holder's own). The form shows the queued
 * values with the provider's words under the field they name, the password sealed; a fix the outbox refuses
 * keeps the dialog open with its words; a good fix is saved and sent again, and the provider takes it with the
 * password the engine kept.
 */
import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { OutboxEntry } from '../../shared/outbox/entry.js';
import EntryEditor from '../../renderer/src/components/forms/EntryEditor.vue';
import { desk } from '../../renderer/src/bridge/index.js';
import { A_CONTACT } from '../contract/cli/harness.js';
import { dialog, field, submit as submitIn, type } from './dialog-fields.js';
import { mountInApp, openEngine, type Engine } from './harness.js';

const PASSWORD = 'Sub-Account-Pw-42';

let engine: Engine;
let refused: OutboxEntry;
let wrapper: VueWrapper | null = null;

beforeAll(async () => {
  engine = await openEngine({ sync: true });
  const holder = engine.sb.db.prepare('SELECT email FROM clients WHERE id = 1').pluck().get() as string;
  const queued = await engine.desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: holder, password2: PASSWORD } });
  await engine.desk.call('sync.run', { only: ['contacts'] });
  // As the Outbox screen has it: through the bridge, its secret masked.
  refused = (await desk().call('outbox.list', { states: ['failed'] })).find((entry) => entry.id === queued.id)!;
});

afterEach(() => {
  wrapper?.unmount();
  wrapper = null;
});

afterAll(async () => {
  await engine?.close();
});

async function editor(entry: OutboxEntry) {
  wrapper = mountInApp(EntryEditor, { props: { entry, what: 'Ann Lee', open: true } });
  await flushPromises();
  return wrapper;
}

const submit = () => submitIn(engine);

/** The e-mail an add-contact entry queued. */
const emailOf = (entry: OutboxEntry) => (entry.kind === 'add-contact' ? entry.params.email : undefined);

it('the provider refused the e-mail: the entry failed, naming the field', () => {
  expect(refused.state).toBe('failed');
  expect(refused.lastError?.issues?.map((issue) => issue.field)).toEqual(['email']);
});

it('shows the queued values, the provider’s words under the e-mail, and the password sealed', async () => {
  await editor(refused);
  expect(dialog().querySelector('h2')?.textContent).toBe(`Fix edit #${refused.id}`);
  const email = field('E-mail');
  expect(email.input.value).toBe(emailOf(refused));
  expect(email.input.getAttribute('aria-invalid')).toBe('true');
  expect(email.said).toMatch(/Duplicate Email Address/);
  expect(field('First name').input.value).toBe('Ann');
  expect(field('First name').input.hasAttribute('aria-invalid')).toBe(false);
  const password = field('Password');
  expect(password.input.type).toBe('password');
  expect(password.input.value).not.toBe(PASSWORD);
  expect(password.said).toBe('Kept sealed. Leave it as it is to keep the one queued.');
  expect([...dialog().querySelectorAll('button')].find((b) => b.type === 'submit')?.textContent?.trim()).toBe('Save and send again');
});

it('keeps the dialog open with the outbox’s words when the fix is not an e-mail address', async () => {
  const w = await editor(refused);
  await type(field('E-mail').input, 'not an address');
  await submit();
  expect(w.emitted('saved')).toBeUndefined();
  expect(w.emitted('update:open')).toBeUndefined();
  expect(field('E-mail').input.getAttribute('aria-invalid')).toBe('true');
  expect(field('E-mail').said).not.toMatch(/Duplicate/);
  expect((await engine.desk.call('outbox.list', { states: ['failed'] })).map((e) => e.id)).toContain(refused.id);
});

it('saves a good fix and sends it again; the provider takes it, with the password the engine kept', async () => {
  const w = await editor(refused);
  await type(field('E-mail').input, 'ann.sub@example.com');
  await submit();
  expect(w.emitted('update:open')).toEqual([[false]]);
  const [saved] = w.emitted<[OutboxEntry]>('saved')![0]!;
  expect(saved.id).toBe(refused.id);
  expect(emailOf(saved)).toBe('ann.sub@example.com');
  await engine.desk.call('sync.run', { only: ['contacts'] });
  const [sent] = await engine.desk.call('outbox.list', { states: ['done'] });
  expect(sent?.id).toBe(refused.id);
  const contact = engine.sb.db.prepare('SELECT subaccount, password FROM contacts WHERE email = ?').get('ann.sub@example.com') as { subaccount: number; password: string };
  expect(contact.subaccount).toBe(1);
  expect(hashes(contact.password, PASSWORD)).toBe(true);
});

/** Whether the sandbox's stored hash (sandbox/server/ops/password-hash.ts) is of `plain`. */
function hashes(stored: string, plain: string): boolean {
  const [, , salt, hash] = stored.split('$');
  return scryptSync(plain, Buffer.from(salt!, 'base64'), 32).toString('base64') === hash;
}
