/**
 * Replay when the network misbehaves: injected faults with short-lived tokens, and replies lost after the
 * sandbox executed the request. Every edit must land exactly once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttp } from '../../../electron/core/api/http.js';
import type { Mutation, Outbox } from '../../../electron/core/outbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { clientFor, count, outboxFile, replaying, rows, startSandbox } from './harness.js';

let sb: RunningSandbox;
let demo: number;
beforeEach(async () => {
  sb = await startSandbox({ accessTokenTtlSeconds: 2 });
  demo = sb.accounts[0]!.userid;
});
afterEach(() => sb.stop());

/** A day's work queued offline: creates, edits of them and of existing records, attachments, billing, EPP. */
async function queueWork(outbox: Outbox, tag: string) {
  const existing = rows<{ id: number }>(sb, 'SELECT id FROM contacts WHERE userid = ? ORDER BY id LIMIT 4', demo);
  const domain = rows<{ id: number }>(sb, 'SELECT id FROM domains WHERE userid = ? AND registrar_error IS NULL LIMIT 1', demo)[0]!;
  const enqueue = (mutation: Mutation) => outbox.enqueue(mutation);
  for (let i = 0; i < 4; i++) {
    const c = await enqueue({ kind: 'add-contact', params: { firstname: `F${i}`, lastname: tag, email: `${tag}.${i}@example.com` } });
    await enqueue({ kind: 'update-contact', params: { contactid: c.localId!, city: `City ${i}` } });
    if (i % 2 === 1) await enqueue({ kind: 'delete-contact', params: { contactid: c.localId! } });
    await enqueue({ kind: 'update-contact', params: { contactid: existing[i]!.id, companyname: `${tag} Co ${i}` } });
  }
  for (let i = 0; i < 3; i++) {
    const t = await enqueue({
      kind: 'open-ticket',
      params: { deptid: 1 + i, subject: `${tag} ticket ${i}`, message: 'm', attachments: [{ name: `f${i}.log`, data: Uint8Array.from([i, 1, 2, 3]) }] },
    });
    await enqueue({ kind: 'add-ticket-reply', params: { ticketid: t.localId!, message: `${tag} reply ${i}` } });
  }
  for (let i = 0; i < 2; i++) {
    await enqueue({ kind: 'create-invoice', params: { items: [{ description: `${tag} invoice ${i}`, amount: `${10 + i}.50` }], notes: tag } });
    await enqueue({ kind: 'add-order', params: { pid: [7], domain: [`${tag}-order-${i}.org`] } });
  }
  await enqueue({ kind: 'domain-request-epp', params: { domainid: domain.id } });
}

function expectExactlyOnce(tag: string) {
  expect(rows(sb, 'SELECT email, city FROM contacts WHERE lastname = ? ORDER BY email', tag)).toEqual([
    { email: `${tag}.0@example.com`, city: 'City 0' },
    { email: `${tag}.2@example.com`, city: 'City 2' },
  ]);
  expect(count(sb, 'SELECT COUNT(*) AS n FROM contacts WHERE companyname LIKE ?', `${tag} Co %`)).toBe(4);
  const tickets = rows<{ id: number; subject: string }>(sb, 'SELECT id, subject FROM tickets WHERE subject LIKE ? ORDER BY subject', `${tag} ticket %`);
  expect(tickets.map((t) => t.subject)).toEqual([0, 1, 2].map((i) => `${tag} ticket ${i}`));
  for (const [i, t] of tickets.entries()) {
    expect(rows(sb, 'SELECT filename, hex(data) AS hex FROM ticket_attachments WHERE ticketid = ?', t.id)).toEqual([{ filename: `f${i}.log`, hex: `0${i}010203` }]);
    expect(rows(sb, 'SELECT message FROM ticket_replies WHERE ticketid = ?', t.id)).toEqual([{ message: `${tag} reply ${i}` }]);
  }
  expect(rows(sb, 'SELECT total FROM invoices WHERE notes = ? ORDER BY total', tag)).toEqual([{ total: '10.50' }, { total: '11.50' }]);
  expect(rows(sb, 'SELECT domain FROM services WHERE domain LIKE ? ORDER BY domain', `${tag}-order-%`)).toEqual([
    { domain: `${tag}-order-0.org` },
    { domain: `${tag}-order-1.org` },
  ]);
}

describe('replay under faults', () => {
  it('converges with every edit applied exactly once despite 500s, resets, 429s and expiring tokens', async () => {
    const { client } = await clientFor(sb);
    const { outbox, settle } = replaying(outboxFile(), client);
    await queueWork(outbox, 'faulty');
    const total = outbox.counts().queued;
    sb.setFaults({ http500: 0.2, reset: 0.1, rateLimit: 0.05, retryAfterSeconds: 0 });
    await settle();
    sb.setFaults({ http500: 0, reset: 0, rateLimit: 0 });
    // A reply whose request failed after it may have run cannot be told from an answer on a ticket opened a
    // moment before: the user is asked. Here the faults struck before the sandbox ran anything, so the user
    // finds the reply missing and retries it.
    for (const entry of outbox.list({ states: ['needs_review'] })) {
      expect(entry).toMatchObject({ kind: 'add-ticket-reply', lastError: { kind: 'reconciliation' } });
      expect(count(sb, 'SELECT COUNT(*) AS n FROM ticket_replies WHERE message = ?', (entry.params as { message: string }).message)).toBe(0);
      outbox.retry(entry.id);
    }
    await settle();
    expect(outbox.counts()).toMatchObject({ done: total, queued: 0, sending: 0, failed: 0, needs_review: 0 });
    expect(outbox.list().some((e) => e.attempts > 1)).toBe(true);
    expectExactlyOnce('faulty');
    outbox.dispose();
  });
});

describe('replies lost after the provider executed the request', () => {
  it('recognises what went through instead of sending it again', async () => {
    // The connection drops after the sandbox answered the first request of every write operation.
    const http = createHttp();
    const dropped = new Set<string>();
    http.interceptors.response.use((response) => {
      const operation = String(response.config.url).split('/').pop()!;
      if (['add-contact', 'open-ticket', 'create-invoice', 'add-order', 'add-ticket-reply', 'update-contact'].includes(operation) && !dropped.has(operation)) {
        dropped.add(operation);
        throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      }
      return response;
    });
    const { client } = await clientFor(sb, { http });
    const { outbox, settle } = replaying(outboxFile(), client, { concurrency: 1 });
    await queueWork(outbox, 'lossy');
    await settle();

    expect(dropped.size).toBe(6);
    // A ticket reply cannot be told from someone else's answer: the user is asked; everything else is done.
    const review = outbox.list({ states: ['needs_review'] });
    expect(review.map((e) => e.kind)).toEqual(['add-ticket-reply']);
    expect(review[0]!.lastError).toMatchObject({ kind: 'reconciliation', message: expect.stringContaining('to tell whether that reply is this one') });
    expect(outbox.counts()).toMatchObject({ done: outbox.list().length - 1, queued: 0, sending: 0, failed: 0 });
    const reconciled = outbox.list({ states: ['done'] }).filter((e) => e.result && 'reconciled' in e.result);
    expect(reconciled.map((e) => e.kind).sort()).toEqual(['add-contact', 'add-order', 'create-invoice', 'open-ticket']);
    expect(reconciled.find((e) => e.kind === 'create-invoice')!.result).toMatchObject({ invoiceId: null, status: 'Unpaid' });
    expectExactlyOnce('lossy');
    outbox.dispose();
  });
});
