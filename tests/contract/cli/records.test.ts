/** The mirror from the command line: exports a spreadsheet reads right, search, show, and edits queued and handled. */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { SECRET_MASK } from '../../../shared/outbox/secrets.js';
import { A_CONTACT, addAccount, cli, newDataDir, secretsOf } from './harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dataDir = newDataDir();
let sb: RunningSandbox;

const csv = async (resource: string, extra: string[] = []) => {
  const run = await cli(dataDir, ['export', resource, '--format', 'csv', ...extra]);
  expect(run.code, run.stderr).toBe(0);
  return { run, parsed: Papa.parse<Record<string, string>>(run.stdout.replace(/^\uFEFF/, '').trim(), { header: true }) };
};

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  expect((await addAccount(dataDir, sb, 'Main')).code).toBe(0);
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('export', () => {
  it('writes the header row of a resource never synced, and warns', async () => {
    const { run, parsed } = await csv('contacts');
    expect(run.stderr).toMatch(/contacts was never synced/);
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['id', 'firstName', 'email', 'phoneNumber']));
    expect(parsed.data).toEqual([]);
  });

  it('takes the resource names sync and status use', async () => {
    const sync = await cli(dataDir, ['sync', '--json'], { secrets: secretsOf(sb) });
    expect(sync.code, sync.stderr).toBe(0);
    const names = (JSON.parse(sync.stdout) as { resources: { resource: string }[] }).resources.map((r) => r.resource);
    expect(names).toContain('catalogue');
    expect(JSON.parse((await cli(dataDir, ['export', 'catalogue'])).stdout)).not.toEqual([]);
    const products = await cli(dataDir, ['export', 'products']);
    expect(products.code).toBe(2);
    expect(products.stderr).toMatch(/"catalogue"/);
  });

  it('writes money with its currency, times with their zone, and no HTML or PHP-serialized blobs', async () => {
    const orders = (await csv('orders')).parsed.data;
    expect(orders.length).toBeGreaterThan(0);
    for (const order of orders) {
      expect(order.amount).toMatch(/^\d+\.\d{2} [A-Z]{3}$/);
      expect(order.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(order.orderData).not.toMatch(/^a:\d+:\{/);
    }
    const announcements = (await csv('announcements')).parsed.data;
    for (const a of announcements) expect(a.announcement).not.toMatch(/<\/?[a-z]+[^>]*>/i);
    const { parsed: client } = await csv('client');
    expect(client.meta.fields).toContain('client.email');
    expect(client.data[0]!['client.email']).toBe(sb.username);
  });

  it('escapes cells a spreadsheet would run as a formula, keeps phone numbers as they are, and adds a byte order mark on request', async () => {
    const { run, parsed } = await csv('contacts', ['--bom']);
    expect(run.stdout.startsWith('\uFEFF')).toBe(true);
    const phones = parsed.data.map((c) => c.phoneNumber!).filter(Boolean);
    expect(phones.length).toBeGreaterThan(0);
    // No cell a spreadsheet would run; a phone number in international format (or a signed number) kept as it is.
    for (const row of parsed.data) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^(?:[=@]|[+-](?![\d .()-]*$))/);
    expect(phones.some((p) => p.startsWith('+'))).toBe(true);
    expect(phones.filter((p) => p.startsWith("'"))).toEqual([]);
    expect((await cli(dataDir, ['export', 'contacts', '--bom'])).code).toBe(2);
  });
});

describe('records and edits', () => {
  it('finds records and shows one', async () => {
    const [contact] = JSON.parse((await cli(dataDir, ['export', 'contacts'])).stdout) as { id: number; lastName: string }[];
    const hits = JSON.parse((await cli(dataDir, ['search', contact!.lastName, '--json'])).stdout) as { resource: string; id: number }[];
    expect(hits).toContainEqual(expect.objectContaining({ resource: 'contacts', id: contact!.id }));
    // The table words a hit's details in English: a domain's status, then "expires" and its day.
    const domains = JSON.parse((await cli(dataDir, ['export', 'domains'])).stdout) as { domainName: string; status: string; expiryDate: string | null }[];
    const domain = domains.find((d) => d.expiryDate !== null);
    const table = await cli(dataDir, ['search', domain!.domainName]);
    expect(table.stdout).toContain(`${domain!.status} · expires ${domain!.expiryDate}`);
    const shown = await cli(dataDir, ['show', 'contacts', String(contact!.id), '--json']);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: contact!.id, lastName: contact!.lastName });
    const missing = await cli(dataDir, ['show', 'contacts', '999999']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no contacts record with id 999999/);
  });

  it('queues any edit through the app\'s procedure, with its checks and messages, from JSON or a file', async () => {
    const bad = await cli(dataDir, ['queue', 'add-contact', '--params', JSON.stringify({ ...A_CONTACT, email: 'nope' })]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/add-contact: email: must be an e-mail address/);
    const kind = await cli(dataDir, ['queue', 'add-kontact', '--params', '{}']);
    expect(kind.code).toBe(2);
    expect(kind.stderr).toMatch(/KIND must be one of add-contact/);
    const notJson = await cli(dataDir, ['queue', 'add-contact', '--params', '{firstname']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/--params is not JSON/);

    const file = join(dataDir, 'contact.json');
    writeFileSync(file, JSON.stringify(A_CONTACT));
    const queued = await cli(dataDir, ['queue', 'add-contact', '--params', `@${file}`, '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    const entry = JSON.parse(queued.stdout) as { id: number; state: string };
    expect(entry.state).toBe('queued');
    // The app's view: the queued contact is in the list (and its export) before it is sent.
    const contacts = JSON.parse((await cli(dataDir, ['export', 'contacts'])).stdout) as { id: number | string; email: string }[];
    expect(contacts).toContainEqual(expect.objectContaining({ id: `local:${entry.id}`, email: A_CONTACT.email }));

    const discarded = await cli(dataDir, ['outbox', 'discard', String(entry.id)]);
    expect(discarded.code, discarded.stderr).toBe(0);
    expect(discarded.stdout).toMatch(new RegExp(`#${entry.id} add-contact: cancelled`));
  });

  it("prints a queued edit's secrets masked, and the outbox file never holds them", async () => {
    const password = 'Cli-Secret-8q';
    const queued = await cli(dataDir, ['queue', 'add-contact', '--params', JSON.stringify({ ...A_CONTACT, email: 'sub.cli@example.com', password2: password }), '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    const { id } = JSON.parse(queued.stdout) as { id: number };
    const listed = await cli(dataDir, ['outbox', '--json']);
    expect((JSON.parse(listed.stdout) as { id: number; params: object }[]).find((e) => e.id === id)?.params).toMatchObject({ password2: SECRET_MASK });
    for (const run of [queued, listed]) expect(run.stdout).not.toContain(password);
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name)).includes(password), file.name).toBe(false);
    expect((await cli(dataDir, ['outbox', 'discard', String(id)])).code).toBe(0);
  });

  it('reads a ticket\'s attachments from the paths given, regular files only', async () => {
    const file = join(dataDir, 'details.txt');
    writeFileSync(file, 'the log says hello');
    const ticket = (attachment: object) => JSON.stringify({ deptid: 1, subject: 'A question', message: 'See the file.', attachments: [attachment] });
    const queued = await cli(dataDir, ['queue', 'open-ticket', '--params', ticket({ path: file }), '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    expect(JSON.parse(queued.stdout).params.attachments).toEqual([expect.objectContaining({ name: 'details.txt', size: 18 })]);
    const folder = await cli(dataDir, ['queue', 'open-ticket', '--params', ticket({ path: dataDir })]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toMatch(/attachments\[0\] .*: not a regular file/);
    const { id } = JSON.parse(queued.stdout) as { id: number };
    expect((await cli(dataDir, ['outbox', 'discard', String(id)])).code).toBe(0);
  });

  it('retries a failed edit and refuses to mark applied one that is not waiting for review', async () => {
    const queued = await cli(dataDir, ['queue', 'update-contact', '--params', JSON.stringify({ contactid: 999999, firstname: 'X' }), '--json']);
    expect(queued.code, queued.stderr).toBe(0);
    const { id } = JSON.parse(queued.stdout) as { id: number };
    await cli(dataDir, ['sync', '--only', 'contacts'], { secrets: secretsOf(sb) });
    const [failed] = (JSON.parse((await cli(dataDir, ['outbox', '--json'])).stdout) as { id: number; state: string }[]).filter((e) => e.id === id);
    expect(failed!.state).toBe('failed');
    const retried = await cli(dataDir, ['outbox', 'retry', String(id), '--json'], { secrets: secretsOf(sb) });
    expect(retried.code, retried.stderr).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ id, state: 'queued' });
    const marked = await cli(dataDir, ['outbox', 'mark-applied', String(id)], { secrets: secretsOf(sb) });
    expect(marked.code).toBe(1);
    expect(marked.stderr).toMatch(/review/);
    expect((await cli(dataDir, ['outbox', 'retry', 'seven'])).code).toBe(2);
  });
});
