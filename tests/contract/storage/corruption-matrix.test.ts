/**
 * The corruption matrix (issue 24.3): each of an account's two files × each way a disk breaks a file → what the
 * engine does, printed as a table. Real files, a real sandbox provider, the Desk every front end uses. Held to:
 * the app and every other account keep working; a broken mirror is set aside and rebuilt; a broken outbox fails
 * its own account in words that say which file and what it held, and `outbox.recover` carries over every entry
 * that can still be read. No queued edit is lost in silence.
 */
import { cpSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountPaths } from '../../../electron/core/data-dir.js';
import { Desk } from '../../../electron/core/desk/index.js';
import type { DeskError } from '../../../electron/core/desk-error.js';
import { MemoryVault } from '../../../electron/core/vault/index.js';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { A_CONTACT } from '../cli/harness.js';
import { DAMAGES, damage, runsAsRoot, type Damage } from './damage.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const QUEUED = 3;
const FILES = ['mirror', 'outbox'] as const;
let sb: RunningSandbox;
let root: string;
let pristine: string;
const vault = new MemoryVault('corruption-matrix');
const rows: Record<string, string>[] = [];

async function openDesk(dataDir: string, log: string[]): Promise<Desk> {
  return Desk.open({ dataDir, vault, background: false, log: (line) => log.push(line) });
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0 });
  root = mkdtempSync(join(tmpdir(), 'corruption-matrix-'));
  pristine = join(root, 'pristine');
  const desk = await openDesk(pristine, []);
  const connection = { baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username, clientSecret: sb.clientSecret, password: sb.password };
  await desk.call('accounts.add', { name: 'Spare', ...connection });
  await desk.call('accounts.add', { name: 'Main', ...connection });
  await desk.call('sync.run', { only: ['contacts', 'client'] });
  for (let i = 0; i < QUEUED; i++) await desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: `queued${i}@example.com` } });
  await desk.dispose();
});

afterAll(async () => {
  await sb?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
  if (rows.length > 0) {
    const columns = Object.keys(rows[0]!);
    const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
    console.log(['', `corruption matrix (${rows.length} cells${runsAsRoot ? '; as root, "unreadable" is a dangling symlink' : ''}):`, line(columns), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(columns.map((c) => r[c]!)))].join('\n'));
  }
});

const errorOf = async (promise: Promise<unknown>): Promise<DeskError | null> => {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as DeskError;
  }
};

describe.each(FILES)('%s.db', (file) => {
  it.each(DAMAGES)('%s', async (kind: Damage) => {
    const dataDir = join(root, `${file}-${kind.replaceAll(' ', '-')}`);
    cpSync(pristine, dataDir, { recursive: true });
    const paths = accountPaths(dataDir, 'Main');
    const how = damage(paths[file], kind);
    const log: string[] = [];
    const desk = await openDesk(dataDir, log);
    try {
      // Whatever broke, the app opens and lists its accounts, and another account opens and works.
      const accounts = await desk.call('accounts.list');
      expect(accounts.map((a) => a.name).sort()).toEqual(['Main', 'Spare']);
      expect(accounts.find((a) => a.current)?.name).toBe('Main');

      const listed = await errorOf(desk.call('outbox.list'));
      let outcome: string;
      let kept: number;
      if (file === 'mirror') {
        // A cache: set aside (kept), said in the log, rebuilt; the queued edits are all there.
        expect(listed).toBeNull();
        expect((await desk.call('outbox.list')).filter((e) => e.state === 'queued')).toHaveLength(QUEUED);
        const note = log.find((line) => line.includes('was damaged'));
        if (kind === '0 bytes') {
          // An empty cache is a new one: nothing to say, and nothing lost (the next sync fills it).
          expect(note).toBeUndefined();
          outcome = 'opened as a new, empty mirror';
        } else {
          expect(note).toMatch(/moved to .*mirror\.db\.damaged-.*the next sync downloads the account again/);
          expect(readdirSync(paths.dir).some((name) => name.startsWith('mirror.db.damaged-'))).toBe(true);
          outcome = 'set aside (kept), said in the log; fresh mirror';
        }
        const summary = await desk.call('sync.run', { only: ['contacts'] });
        expect(summary.resources[0]!.outcome).toBe('ok');
        expect((await desk.call('data.list', { resource: 'contacts', limit: 1 })).total).toBeGreaterThan(0);
        outcome += '; next sync rebuilt it';
        kept = QUEUED;
      } else {
        // The queue: the account fails, in words that name the file, what it held and what to do.
        expect(listed?.code).toBe('damaged_data');
        expect(listed?.message).toContain(paths.outbox);
        expect(listed?.message).toContain(`${QUEUED} edits not yet sent`);
        expect(listed?.message).toContain('reseller-desk outbox recover --account "Main"');
        expect(listed?.message).not.toMatch(/SqliteError|\n\s+at /);
        expect(log.join('\n')).toContain(paths.outbox);
        // Another account opens and works meanwhile.
        await desk.call('accounts.select', { name: 'Spare', remember: false });
        expect(await desk.call('outbox.list')).toEqual([]);
        // The user's word: carry on with what can be read.
        const report = await desk.call('outbox.recover', { account: 'Main' });
        expect(report.salvaged + report.lost.length).toBe(QUEUED);
        await desk.call('accounts.select', { name: 'Main' });
        const entries = await desk.call('outbox.list');
        kept = entries.filter((e) => e.state === 'queued').length;
        expect(kept).toBe(report.pending);
        // A file with readable pages keeps its entries (an index page broken, not the table's).
        if (kind === 'damaged pages') expect(kept).toBe(QUEUED);
        // New entries never take a lost entry's local id.
        const next = await desk.call('outbox.enqueue', { kind: 'add-contact', params: { ...A_CONTACT, email: 'after@example.com' } });
        expect(next.id).toBe(QUEUED + 1);
        outcome = `account refused in words (${listed!.message.match(/(is gone|is empty|is damaged|went back in time)/)?.[1]}); others work; recover kept ${report.salvaged}, lost ${report.lost.length}`;
        // The old file is kept aside, whatever it was (a link to nowhere too).
        if (report.aside !== null) expect(() => lstatSync(report.aside!)).not.toThrow();
      }
      rows.push({ file: `${file}.db`, damage: kind, how, outcome, 'queued edits kept': `${kept}/${QUEUED}` });
    } finally {
      await desk.dispose();
    }
  });
});
