/**
 * Issue 34 from the command line: `outbox` lists an edit changed on the provider meanwhile with both values,
 * `outbox keep-mine` and `outbox take-theirs` settle it, and `sync` counts the edits it sent itself (row 9: two
 * processes replaying one outbox each printed the outbox's difference, both "2 edit(s) sent").
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { token } from '../sandbox/http.js';
import { ok, op, type Session } from '../sandbox/ops.js';
import { addAccount, cli, newDataDir, secretsOf } from './harness.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const dataDir = newDataDir();
let sb: RunningSandbox;
let provider: Session;
let secrets: { clientSecret: string; password: string };
let contactIds: number[];

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  secrets = secretsOf(sb);
  const [demo, other] = sb.accounts;
  provider = { sb, demo: await token(sb, demo), other: await token(sb, other), demoId: demo!.userid, otherId: other!.userid };
  expect((await addAccount(dataDir, sb, 'Main')).code).toBe(0);
  expect((await cli(dataDir, ['sync', '--only', 'contacts'], { secrets })).code).toBe(0);
  contactIds = sb.db.prepare('SELECT id FROM contacts WHERE userid = ? ORDER BY id').pluck().all(demo!.userid) as number[];
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const emailOf = (id: number) => sb.db.prepare('SELECT email FROM contacts WHERE id = ?').pluck().get(id) as string;

async function queueEmail(contactid: number, email: string): Promise<number> {
  const queued = await cli(dataDir, ['queue', 'update-contact', '--params', JSON.stringify({ contactid, email }), '--json']);
  expect(queued.code, queued.stderr).toBe(0);
  return (JSON.parse(queued.stdout) as { id: number }).id;
}

describe('outbox', () => {
  it('lists an edit changed on the provider meanwhile with both values; keep-mine sends mine, take-theirs keeps theirs', async () => {
    const [kept, dropped] = contactIds;
    const original = emailOf(kept!);
    const keptId = await queueEmail(kept!, 'cli-mine@example.com');
    const droppedId = await queueEmail(dropped!, 'cli-mine2@example.com');
    await ok(op(provider, 'update-contact', { contactid: kept!, email: 'cli-theirs@example.com' }));
    await ok(op(provider, 'update-contact', { contactid: dropped!, email: 'cli-theirs2@example.com' }));

    const synced = await cli(dataDir, ['sync', '--only', 'contacts'], { secrets });
    expect(synced.stdout).toMatch(/; 0 edit\(s\) sent; .*, 2 changed on the provider$/m);
    const listed = await cli(dataDir, ['outbox']);
    expect(listed.stdout).toContain(`Changed on the provider since you edited it (email: "${original}" → theirs "cli-theirs@example.com" / yours "cli-mine@example.com")`);
    expect(listed.stdout).toMatch(/2 edit\(s\) changed on the provider wait for you: `outbox keep-mine ID` sends yours/);

    expect((await cli(dataDir, ['outbox', 'keep-mine', String(keptId)], { secrets })).stdout).toContain(`#${keptId} update-contact: queued`);
    expect((await cli(dataDir, ['outbox', 'take-theirs', String(droppedId)], { secrets })).stdout).toContain(`#${droppedId} update-contact: cancelled`);
    const again = await cli(dataDir, ['sync', '--only', 'contacts'], { secrets });
    expect(again.stdout).toMatch(/; 1 edit\(s\) sent;/);
    expect(emailOf(kept!)).toBe('cli-mine@example.com');
    expect(emailOf(dropped!)).toBe('cli-theirs2@example.com');
    expect((await cli(dataDir, ['outbox', 'keep-mine', String(droppedId)], { secrets })).stderr).toMatch(/only conflict entries can be settled/);
  });
});

describe('sync', () => {
  it('row 9: two processes replaying one outbox each count the edits they sent, not the outbox’s difference', async () => {
    const ids = contactIds.slice(2, 4);
    for (const [i, id] of ids.entries()) await queueEmail(id, `twice-${i}@example.com`);
    // Slow replies: both processes are under way while the edits go.
    sb.setFaults({ latencyMs: 400 });
    try {
      const runs = await Promise.all([cli(dataDir, ['sync', '--only', 'contacts'], { secrets }), cli(dataDir, ['sync', '--only', 'contacts'], { secrets })]);
      const counts = runs.map((run) => Number(/; (\d+) edit\(s\) sent;/.exec(run.stdout)?.[1]));
      expect(counts.reduce((a, b) => a + b)).toBe(2);
    } finally {
      sb.setFaults({ latencyMs: 0 });
    }
    expect(ids.map(emailOf)).toEqual(['twice-0@example.com', 'twice-1@example.com']);
  });
});
