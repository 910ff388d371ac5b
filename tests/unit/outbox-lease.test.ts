/** The replay lease across processes: a live holder keeps it; a holder process that died gives it up at once. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openOutbox, type Outbox } from '../../electron/core/outbox/index.js';

const NOW = 1_000_000;
let dir: string;
let outbox: Outbox;

function holdLeaseAs(pid: number, host = hostname()): void {
  const db = new Database(join(dir, 'outbox.db'));
  db.prepare('INSERT OR REPLACE INTO replay_lease (id, owner, expires_at) VALUES (1, ?, ?)').run(`${host}|${pid}|other`, NOW + 60_000);
  db.close();
}

function open(): void {
  dir = mkdtempSync(join(tmpdir(), 'outbox-lease-'));
  outbox = openOutbox(join(dir, 'outbox.db'));
}

afterEach(() => {
  outbox.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('replay lease', () => {
  it('is refused while another live process on this host holds it', () => {
    open();
    holdLeaseAs(process.ppid);
    expect(outbox.journal.lease('me', 60_000).acquire(NOW)).toBe(false);
  });

  it('is taken over at once when the holder process on this host is dead', () => {
    open();
    const exited = spawnSync(process.execPath, ['-e', '0']);
    holdLeaseAs(exited.pid!);
    expect(outbox.journal.lease('me', 60_000).acquire(NOW)).toBe(true);
  });

  it('waits for expiry when the holder is on another host (its pid means nothing here)', () => {
    open();
    holdLeaseAs(999_999, 'another-host');
    const lease = outbox.journal.lease('me', 60_000);
    expect(lease.acquire(NOW)).toBe(false);
    expect(lease.acquire(NOW + 60_001)).toBe(true);
  });
});
