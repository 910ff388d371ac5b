/**
 * One replayer per outbox file, also across processes (the app and the CLI may open the same file): to a
 * second replayer, the first one's `sending` entries would look like the leftovers of a crash and be
 * reconciled, maybe resent, while their requests are still in flight. The holder renews the lease while it
 * runs; a lease not renewed for `ttlMs` (its holder died) may be taken over.
 */
import type Database from 'better-sqlite3';

export class ReplayLease {
  constructor(
    private readonly db: Database.Database,
    private readonly owner: string,
    private readonly ttlMs: number,
  ) {}

  /** Takes or renews the lease; false when another live holder has it. */
  acquire(now: number): boolean {
    return this.db.transaction(() => {
      const held = this.db.prepare('SELECT owner, expires_at FROM replay_lease WHERE id = 1').get() as
        | { owner: string; expires_at: number }
        | undefined;
      if (held && held.owner !== this.owner && held.expires_at > now) return false;
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
