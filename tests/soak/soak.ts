/**
 * The soak: many queued edits of every kind replayed against the sandbox while it answers 20% of requests
 * with HTTP 500, resets 10%, rate-limits 5% and lets access tokens live only `tokenLifeSeconds`; then counted
 * on the server: every edit applied exactly once, none lost. Then the real web host, a process of its own,
 * replays as many edits queued through it and pulls the account in full (web-host.ts), its own edits counted
 * on the server the same way, and its peak memory read. Run small by the contract tests, at full size
 * (5,000 edits, 30 s tokens) by `npm run soak`.
 */
import type Database from 'better-sqlite3';
import type { Mutation, OutboxEntry, Replayer } from '../../electron/core/outbox/index.js';
import { clientFor, outboxFile, replaying, startSandbox } from '../contract/outbox/harness.js';
import { runWebHost, type WebHostRun } from './web-host.js';

/** Edits queued per group: one of each kind, and updates and a deletion of what the group creates. */
export const EDITS_PER_GROUP = 10;

export interface SoakOptions {
  edits: number;
  tokenLifeSeconds: number;
  /** Told as the replay goes. */
  log?: (line: string) => void;
  /** Whether the web host's part runs too (default true). */
  webHost?: boolean;
}

/** What the server holds of one tag's edits, against what it should. */
export type ServerCounts = Record<string, { expected: number; found: number }>;

export interface SoakCounts {
  queued: number;
  confirmed: number;
  /** What the server holds of the soak's edits, against what it should. */
  server: ServerCounts;
  /** Edits the user had to look at (a reply whose request may have run), retried once found missing. */
  reviewed: number;
  peakRssMb: number;
  seconds: number;
  /** The web host's part: its run, and what the server holds of the edits queued through it; null when not run. */
  webHost: (WebHostRun & { server: ServerCounts }) | null;
}

const rows = <T>(db: Database.Database, sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
const count = (db: Database.Database, sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n;

/**
 * The group's edits in two batches: the creates and the edits that stand alone, then the edits that refer to a
 * create by its local id (known once the first batch is queued). Queued with enqueueAll, many groups to a
 * transaction: queued one at a time, 5,000 edits were 5,000 synced commits and 5,000 reads of the whole queue
 * for their waiting reasons (minutes on a loaded machine) before the replay, which is what is measured, began.
 */
function firstBatch(tag: string, g: number, existing: number, domainId: number): Mutation[] {
  return [
    { kind: 'add-contact', params: { firstname: `K${g}`, lastname: tag, email: `${tag}.k${g}@example.com` } },
    { kind: 'add-contact', params: { firstname: `G${g}`, lastname: tag, email: `${tag}.g${g}@example.com` } },
    {
      kind: 'open-ticket',
      params: { deptid: 1 + (g % 3), subject: `${tag} ticket ${g}`, message: 'm', attachments: [{ name: `f${g}.log`, data: Uint8Array.from([g % 256, 1, 2]) }] },
    },
    { kind: 'update-contact', params: { contactid: existing, companyname: `${tag} Co ${g}` } },
    { kind: 'create-invoice', params: { items: [{ description: `${tag} invoice ${g}`, amount: '10.50' }], notes: `${tag} ${g}` } },
    { kind: 'add-order', params: { pid: [7], domain: [`${tag}-order-${g}.org`] } },
    { kind: 'domain-request-epp', params: { domainid: domainId } },
  ];
}

/** The edits of a group that use its creates' local ids: `created` is the first batch as queued. */
function secondBatch(tag: string, g: number, created: readonly OutboxEntry[]): Mutation[] {
  const [kept, gone, ticket] = created;
  return [
    { kind: 'update-contact', params: { contactid: kept!.localId!, city: `City ${g}` } },
    { kind: 'delete-contact', params: { contactid: gone!.localId! } },
    { kind: 'add-ticket-reply', params: { ticketid: ticket!.localId!, message: `${tag} reply ${g}` } },
  ];
}

/** Groups queued per transaction: a few hundred edits each. */
const GROUPS_PER_BATCH = 50;

/** Queues `groups` groups through `enqueueAll` (an outbox's, or the web host's); resolves with how many edits. */
async function queueGroups(
  enqueueAll: (mutations: Mutation[]) => OutboxEntry[] | Promise<OutboxEntry[]>,
  tag: string,
  groups: number,
  existing: number,
  domainId: number,
): Promise<number> {
  let edits = 0;
  for (let from = 0; from < groups; from += GROUPS_PER_BATCH) {
    const batch = Array.from({ length: Math.min(GROUPS_PER_BATCH, groups - from) }, (_, i) => from + i);
    const firsts = batch.map((g) => firstBatch(tag, g, existing, domainId));
    const queued = await enqueueAll(firsts.flat());
    let at = 0;
    const seconds = batch.flatMap((g, i) => {
      const created = queued.slice(at, at + firsts[i]!.length);
      at += firsts[i]!.length;
      return secondBatch(tag, g, created);
    });
    edits += queued.length + (await enqueueAll(seconds)).length;
  }
  return edits;
}

/** What the server holds of the edits of `groups` groups queued under `tag`, against what each should have made. */
function serverCounts(db: Database.Database, tag: string, groups: number, existing: number): ServerCounts {
  return {
    'contacts kept (add-contact, update-contact)': { expected: groups, found: count(db, "SELECT COUNT(*) AS n FROM contacts WHERE lastname = ? AND firstname LIKE 'K%' AND city LIKE 'City %'", tag) },
    'contacts deleted (add-contact, delete-contact)': { expected: 0, found: count(db, "SELECT COUNT(*) AS n FROM contacts WHERE lastname = ? AND firstname LIKE 'G%'", tag) },
    'existing contact updated (update-contact)': { expected: 1, found: count(db, 'SELECT COUNT(*) AS n FROM contacts WHERE id = ? AND companyname LIKE ?', existing, `${tag} Co %`) },
    'tickets (open-ticket)': { expected: groups, found: count(db, 'SELECT COUNT(*) AS n FROM tickets WHERE subject LIKE ?', `${tag} ticket %`) },
    'attachments': { expected: groups, found: count(db, 'SELECT COUNT(*) AS n FROM ticket_attachments a JOIN tickets t ON t.id = a.ticketid WHERE t.subject LIKE ?', `${tag} ticket %`) },
    'replies (add-ticket-reply)': { expected: groups, found: count(db, 'SELECT COUNT(*) AS n FROM ticket_replies WHERE message LIKE ?', `${tag} reply %`) },
    'invoices (create-invoice)': { expected: groups, found: count(db, 'SELECT COUNT(*) AS n FROM invoices WHERE notes LIKE ?', `${tag} %`) },
    'orders (add-order)': { expected: groups, found: count(db, 'SELECT COUNT(*) AS n FROM services WHERE domain LIKE ?', `${tag}-order-%`) },
  };
}

/**
 * Runs the replayer, waiting out each backoff, until nothing more will become due. With 5,000 edits under these
 * faults a run often ends with only backed-off entries left (the serial ones: one record's edits, invoices and
 * orders one at a time), so there are thousands of runs, more than the contract tests' harness allows: this
 * loop has no cap on runs, only an hour's deadline.
 */
async function settle(replayer: Replayer, now: () => number): Promise<void> {
  const giveUpAt = Date.now() + 3_600_000;
  for (;;) {
    const report = await replayer.run();
    if (report.paused !== null) throw new Error(`the replay paused: ${report.paused}`);
    if (report.nextDueAt === null) return;
    if (Date.now() > giveUpAt) throw new Error('the outbox did not settle within an hour');
    const wait = report.nextDueAt - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export async function runSoak(options: SoakOptions): Promise<SoakCounts> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const sb = await startSandbox({ accessTokenTtlSeconds: options.tokenLifeSeconds });
  try {
    const db = sb.db;
    const demo = sb.accounts[0]!.userid;
    const existing = rows<{ id: number }>(db, 'SELECT id FROM contacts WHERE userid = ? ORDER BY id LIMIT 1', demo)[0]!.id;
    const domainId = rows<{ id: number }>(db, 'SELECT id FROM domains WHERE userid = ? AND registrar_error IS NULL LIMIT 1', demo)[0]!.id;
    const { client } = await clientFor(sb);
    const { outbox, replayer, now } = replaying(outboxFile(), client);
    const tag = `soak${Date.now() % 100000}`;
    const groups = Math.max(1, Math.round(options.edits / EDITS_PER_GROUP));
    await queueGroups((mutations) => outbox.enqueueAll(mutations), tag, groups, existing, domainId);
    const queued = outbox.counts().queued;
    log(`${queued} edits queued; replaying with 20% HTTP 500, 10% resets, 5% 429 and ${options.tokenLifeSeconds} s tokens…`);
    sb.setFaults({ http500: 0.2, reset: 0.1, rateLimit: 0.05, retryAfterSeconds: 0 });
    const progress = setInterval(() => {
      const { done, queued: left, sending } = outbox.counts();
      log(`${Math.round((Date.now() - started) / 1000)} s: ${done} done, ${left} queued, ${sending} sending`);
    }, 30_000);
    await settle(replayer, now).finally(() => clearInterval(progress));
    sb.setFaults({ http500: 0, reset: 0, rateLimit: 0 });
    // A reply whose request failed after it may have run is the user's to judge: found missing, it is retried.
    let reviewed = 0;
    for (const entry of outbox.list({ states: ['needs_review'] })) {
      const { message } = entry.params as { message?: string };
      if (message !== undefined && count(db, 'SELECT COUNT(*) AS n FROM ticket_replies WHERE message = ?', message) === 0) {
        outbox.retry(entry.id);
        reviewed++;
      }
    }
    await settle(replayer, now);
    const confirmed = outbox.counts().done;
    const server = serverCounts(db, tag, groups, existing);
    outbox.dispose();
    const peakRssMb = Math.round(peakRss / 1024 / 1024);
    const seconds = Math.round((Date.now() - started) / 1000);
    let webHost: SoakCounts['webHost'] = null;
    if (options.webHost !== false) {
      const webTag = `${tag}w`;
      const run = await runWebHost(sb, (enqueueAll) => queueGroups(enqueueAll, webTag, groups, existing, domainId), log);
      webHost = { ...run, server: serverCounts(db, webTag, groups, existing) };
    }
    return { queued, confirmed, server, reviewed, peakRssMb, seconds, webHost };
  } finally {
    clearInterval(sampler);
    await sb.stop();
  }
}
