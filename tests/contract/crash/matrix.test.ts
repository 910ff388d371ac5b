/**
 * The crash matrix (issue 24, suites): for each mutation kind, the replaying process is SIGKILLed at each point
 * of an edit's life, then restarted on the same outbox file: queued (before anything is sent); sending, before
 * the request reaches the provider; after the provider applied it, before the reply arrives; after the reply,
 * before it is recorded. Each cell must end "done once" or "needs review" (applied at most once, saying why):
 * never twice, never lost. The points are exact, not timed: a proxy holds the request on the chosen side of
 * the provider, and the worker stops dead before the commit that records a reply.
 *
 * `npm test` runs three kinds (a create with an attachment, an update and an invoice, whose creates reconcile
 * differently); CRASH_MATRIX=full runs all eight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openOutbox, type Mutation, type MutationKind, MUTATION_KINDS } from '../../../electron/core/outbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { sandboxClock, startSandbox } from '../outbox/harness.js';
import { checkSettled } from './batch.js';
import { removeWorkerBundle, runWorker, type KillPoint } from './children.js';
import { reopenOutbox } from './consistency.js';
import { holdingProxy, type HoldingProxy } from './holding-proxy.js';
import { RECORDING, SETTLED, type WorkerConfig } from './protocol.js';

const KINDS: readonly MutationKind[] = process.env.CRASH_MATRIX === 'full' ? MUTATION_KINDS : ['add-contact', 'update-contact', 'create-invoice'];
const POINTS = ['queued', 'sending, before the request', 'after the request, before the reply', 'after the reply, before it is recorded'] as const;
type Point = (typeof POINTS)[number];

let sb: RunningSandbox;
let base: HoldingProxy;
let alt: HoldingProxy;
let dir: string;
const matrix = new Map<MutationKind, Map<Point, string>>();

beforeAll(async () => {
  sb = await startSandbox();
  [base, alt] = await Promise.all([holdingProxy(sb.baseUrl), holdingProxy(sb.altBaseUrl)]);
  dir = mkdtempSync(join(tmpdir(), 'crash-matrix-'));
});

afterAll(async () => {
  await Promise.all([base?.close(), alt?.close()]);
  await sb?.stop();
  rmSync(dir, { recursive: true, force: true });
  removeWorkerBundle();
  const width = Math.max(...KINDS.map((k) => k.length));
  const cell = (text: string) => text.padEnd(38);
  const lines = [`crash matrix (${KINDS.length} kinds × ${POINTS.length} points = ${KINDS.length * POINTS.length} cells):`, `${''.padEnd(width)} | ${POINTS.map(cell).join(' | ')}`];
  for (const kind of KINDS) lines.push(`${kind.padEnd(width)} | ${POINTS.map((p) => cell(matrix.get(kind)?.get(p) ?? 'not run')).join(' | ')}`);
  console.log(`\n${lines.join('\n')}`);
});

/** One edit of `kind`, unique to its cell (a record of its own, a value to find it by on the server). */
function mutationFor(kind: MutationKind, n: number): Mutation {
  const userid = sb.accounts[0]!.userid;
  const contacts = sb.db.prepare('SELECT id FROM contacts WHERE userid = ? AND subaccount = 0 ORDER BY id LIMIT 64').pluck().all(userid) as number[];
  const ticket = sb.db.prepare("SELECT id FROM tickets WHERE owner_userid = ? AND status <> 'Closed' ORDER BY id LIMIT 1").pluck().get(userid) as number;
  const dept = sb.db.prepare('SELECT id FROM departments WHERE hidden = 0 ORDER BY id LIMIT 1').pluck().get() as number;
  const domain = sb.db.prepare("SELECT id FROM domains WHERE userid = ? AND status = 'Active' ORDER BY id LIMIT 1").pluck().get(userid) as number;
  switch (kind) {
    case 'add-contact':
      return { kind, params: { firstname: 'Matrix', lastname: `cell ${n}`, email: `matrix-${n}@crash.example.com`, country: 'GB' } };
    case 'update-contact':
      return { kind, params: { contactid: contacts[n]!, city: `Matrix ${n}` } };
    case 'delete-contact':
      return { kind, params: { contactid: contacts[32 + n]! } };
    case 'open-ticket':
      return { kind, params: { deptid: dept, subject: `Matrix ticket ${n}`, message: 'Opened by the crash matrix', attachments: [{ name: `m-${n}.txt`, data: new TextEncoder().encode(`m ${n}`) }] } };
    case 'add-ticket-reply':
      return { kind, params: { ticketid: ticket, message: `Matrix reply ${n}` } };
    case 'create-invoice':
      return { kind, params: { items: [{ description: `Matrix work ${n}`, amount: `${20 + n}.25` }], notes: `matrix invoice ${n}` } };
    case 'add-order':
      return { kind, params: { domain: [`matrix-order-${n}.com`], domaintype: ['register'], regperiod: [1] } };
    case 'domain-request-epp':
      return { kind, params: { domainid: domain } };
  }
}

function config(file: string, stall: boolean): WorkerConfig {
  return {
    mode: 'replay',
    file,
    baseUrl: base.url,
    altBaseUrl: alt.url,
    account: sb.accounts[0]!,
    clockOffsetMs: sandboxClock()() - Date.now(),
    leaseTtlMs: 1_000,
    stallBeforeRecording: stall,
  };
}

function killPoint(point: Point, kind: MutationKind): KillPoint {
  switch (point) {
    case 'queued':
      return { at: 'spawn' };
    case 'sending, before the request':
      return { at: 'event', happened: Promise.race([base.arm(kind, 'before-provider'), alt.arm(kind, 'before-provider')]) };
    case 'after the request, before the reply':
      return { at: 'event', happened: Promise.race([base.arm(kind, 'before-reply'), alt.arm(kind, 'before-reply')]) };
    case 'after the reply, before it is recorded':
      return { at: 'line', pattern: new RegExp(`^${RECORDING}$`), nth: 1, ms: 0 };
  }
}

const cells = KINDS.flatMap((kind) => POINTS.map((point) => [kind, point] as const));

it.each(cells)('%s, killed %s: done once or needs review, never twice, never lost', async (kind, point) => {
  const n = cells.findIndex(([k, p]) => k === kind && p === point);
  const file = join(dir, `${kind}-${POINTS.indexOf(point)}.db`);
  const outbox = openOutbox(file, { now: sandboxClock() });
  const queued = [await outbox.enqueue(mutationFor(kind, n))];
  outbox.dispose();

  const killed = await runWorker(config(file, point === 'after the reply, before it is recorded'), killPoint(point, kind));
  base.disarm();
  alt.disarm();
  expect(killed.killed, 'the worker was killed at its point').toBe(true);
  const left = reopenOutbox(file);
  expect(left.queued + left.sending, 'the edit is still there after the kill').toBe(1);

  const restarted = await runWorker(config(file, false), { at: 'never' });
  expect(restarted.lines).toContain(SETTLED);
  const after = openOutbox(file);
  try {
    const entries = after.list();
    expect(entries.map((e) => e.id)).toEqual(queued.map((e) => e.id));
    const tally = checkSettled(sb, entries, (localId) => after.resolveId(localId));
    const outcome = tally.done === 1 ? `done once${tally.reconciled ? ' (reconciled)' : ''}` : `needs review`;
    expect(tally.done + tally.needsReview, 'settled: done or needs review').toBe(1);
    if (!matrix.has(kind)) matrix.set(kind, new Map());
    matrix.get(kind)!.set(point, outcome);
  } finally {
    after.dispose();
  }
}, 120_000);
