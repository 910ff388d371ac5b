/**
 * Crash while sending, for each create: the process dies with the entry marked `sending`, once after its
 * request reached the sandbox and once before. On reopening, reconciliation must find it (done, no
 * duplicate), send it (applied once), or, when the server shows something it cannot tell apart, ask
 * (needs_review, nothing sent).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResellerClient } from '../../../electron/core/api/client.js';
import type { CreateKind, Mutation, OutboxEntry } from '../../../electron/core/outbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { clientFor, count, expireLease, outboxFile, replaying, rows, startSandbox } from './harness.js';

let sb: RunningSandbox;
let client: ResellerClient;
beforeEach(async () => {
  // A fresh provider each time: reconciliation looks at what happened around the send, nothing else may have.
  sb = await startSandbox();
  client = (await clientFor(sb)).client;
});
afterEach(() => sb.stop());

type Method = 'addContact' | 'openTicket' | 'addOrder' | 'createInvoice';

interface CreateCase {
  method: Method;
  mutation: (tag: string) => Mutation;
  /** Records of this test's create on the server. */
  stored: (tag: string) => number;
  /** Someone else, meanwhile, does something the server cannot tell apart from the lost create. */
  confuse: (tag: string) => Promise<unknown>;
  /** Whether `confuse` needs the lost create on the server to be confusing. */
  confusesWhenReached: boolean;
}

const CASES: Record<CreateKind, CreateCase> = {
  'add-contact': {
    method: 'addContact',
    mutation: (tag) => ({ kind: 'add-contact', params: { firstname: 'Cara', lastname: tag, email: `${tag}@example.com` } }),
    stored: (tag) => count(sb, 'SELECT COUNT(*) AS n FROM contacts WHERE lastname = ?', tag),
    confuse: (tag) => client.addContact({ firstname: 'Cara', lastname: tag, email: `${tag}@example.com` }),
    confusesWhenReached: true,
  },
  'open-ticket': {
    method: 'openTicket',
    mutation: (tag) => ({ kind: 'open-ticket', params: { deptid: 3, subject: `Crash ${tag}`, message: 'm' } }),
    stored: (tag) => count(sb, 'SELECT COUNT(*) AS n FROM tickets WHERE subject = ?', `Crash ${tag}`),
    confuse: (tag) => client.openTicket({ deptid: 3, subject: `Crash ${tag}`, message: 'from the web' }),
    confusesWhenReached: true,
  },
  'add-order': {
    method: 'addOrder',
    mutation: (tag) => ({ kind: 'add-order', params: { pid: [7], domain: [`${tag}.org`] } }),
    stored: (tag) => count(sb, 'SELECT COUNT(*) AS n FROM services WHERE domain = ?', `${tag}.org`),
    confuse: (tag) => client.addOrder({ pid: [7], domain: [`${tag}-web.org`] }),
    confusesWhenReached: false,
  },
  'create-invoice': {
    method: 'createInvoice',
    mutation: (tag) => ({ kind: 'create-invoice', params: { items: [{ description: 'Crash test', amount: '42.00' }], notes: tag } }),
    stored: (tag) => count(sb, 'SELECT COUNT(*) AS n FROM invoices WHERE notes = ?', tag),
    confuse: () => client.createInvoice({ items: [{ description: 'From the web', amount: '7.00' }] }),
    confusesWhenReached: false,
  },
};

/**
 * Queues `mutation` and replays it with a client whose `method` never returns: the process dies there, after
 * the request reached the server or before. Returns the entry as the crash left it.
 */
async function crashWhileSending(file: string, mutation: Mutation, method: Method, reached: boolean): Promise<OutboxEntry> {
  let died!: () => void;
  const death = new Promise<void>((resolve) => (died = resolve));
  const dying = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== method) return typeof value === 'function' ? value.bind(target) : value;
      return async (params: never) => {
        if (reached) await (value as (p: never) => Promise<unknown>).call(target, params);
        died();
        return new Promise(() => {});
      };
    },
  });
  const { outbox, replayer } = replaying(file, dying);
  const entry = await outbox.enqueue(mutation);
  void replayer.run();
  await death;
  const left = outbox.get(entry.id);
  outbox.dispose();
  expireLease(file);
  return left;
}

describe.each(Object.entries(CASES) as [CreateKind, CreateCase][])('%s after a crash', (kind, c) => {
  it('is recognised when the request had reached the server: done, nothing sent twice', async () => {
    const file = outboxFile();
    const crashed = await crashWhileSending(file, c.mutation('reached'), c.method, true);
    expect(crashed).toMatchObject({ state: 'sending', attempts: 1 });
    expect(c.stored('reached')).toBe(1);

    const { outbox, settle } = replaying(file, client);
    const report = await settle();
    expect(report).toMatchObject({ reconciled: 1, sent: 0 });
    const entry = outbox.get(crashed.id);
    expect(entry).toMatchObject({ state: 'done', attempts: 1, result: { reconciled: true } });
    expect(c.stored('reached')).toBe(1);
    if (kind === 'create-invoice') expect(entry.result).toMatchObject({ invoiceId: null, status: 'Unpaid' });
    else expect(outbox.resolveId(crashed.localId!)).toEqual(expect.any(Number));
    if (kind === 'add-contact') expect(rows(sb, "SELECT id FROM contacts WHERE lastname = 'reached'")).toEqual([{ id: outbox.resolveId(crashed.localId!) }]);
    outbox.dispose();
  });

  it('is sent again when the request had not reached the server: applied once', async () => {
    const file = outboxFile();
    const crashed = await crashWhileSending(file, c.mutation('lost'), c.method, false);
    expect(crashed.state).toBe('sending');
    expect(c.stored('lost')).toBe(0);

    const { outbox, settle } = replaying(file, client);
    expect(await settle()).toMatchObject({ reconciled: 1, sent: 1 });
    const entry = outbox.get(crashed.id);
    expect(entry).toMatchObject({ state: 'done', attempts: 2 });
    expect(entry.result).not.toHaveProperty('reconciled');
    expect(c.stored('lost')).toBe(1);
    outbox.dispose();
  });

  it('goes to review when the server shows something it cannot tell apart: nothing is sent', async () => {
    const file = outboxFile();
    const crashed = await crashWhileSending(file, c.mutation('unclear'), c.method, c.confusesWhenReached);
    await c.confuse('unclear');
    const before = c.stored('unclear');

    const { outbox, settle } = replaying(file, client);
    expect(await settle()).toMatchObject({ reconciled: 1, sent: 0 });
    expect(outbox.get(crashed.id)).toMatchObject({ state: 'needs_review', lastError: { kind: 'reconciliation', message: expect.any(String) } });
    expect(c.stored('unclear')).toBe(before);
    outbox.dispose();
  });
});
