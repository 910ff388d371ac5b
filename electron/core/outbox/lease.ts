/**
 * One replayer per outbox file, also across processes (the app and the CLI may open the same file): to a
 * second replayer, the first one's `sending` entries would look like the leftovers of a crash and be
 * reconciled, maybe resent, while their requests are still in flight. The holder renews the lease while it
 * runs; a lease not renewed for `ttlMs` (its holder died) may be taken over, and so may one whose holder
 * process is known dead (same host, no such pid): an app restarted after a crash replays at once.
 */
import { hostname } from 'node:os';
import type Database from 'better-sqlite3';

/** Who holds a lease, as stored: host, pid and the replayer's own id. */
function holderTag(owner: string): string {
  return `${hostname()}|${process.pid}|${owner}`;
}

function holderIsDead(tag: string): boolean {
  const [host, pid] = tag.split('|');
  if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export class ReplayLease {
  private readonly owner: string;

  constructor(
    private readonly db: Database.Database,
    owner: string,
    private readonly ttlMs: number,
  ) {
    this.owner = holderTag(owner);
  }

  /** Takes or renews the lease; false when another live holder has it. */
  acquire(now: number): boolean {
    return this.db.transaction(() => {
      const held = this.db.prepare('SELECT owner, expires_at FROM replay_lease WHERE id = 1').get() as
        | { owner: string; expires_at: number }
        | undefined;
      if (held && held.owner !== this.owner && held.expires_at > now && !holderIsDead(held.owner)) return false;
      this.db
        .prepare('INSERT INTO replay_lease (id, owner, expires_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at')
        .run(this.owner, now + this.ttlMs);
      return true;
    }).immediate();
  }

  release(): void {
    this.db.prepare('DELETE FROM replay_lease WHERE id = 1 AND owner = ?').run(this.owner);
  }
}
