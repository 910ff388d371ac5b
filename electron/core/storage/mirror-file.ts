/**
 * The mirror is a cache of the provider's data: a broken mirror file is moved aside (kept for whoever wants to
 * look at it) and the account opens on a fresh one, which the next sync fills again.
 */
import { checkSqliteFile } from './file-health.js';
import { moveAside } from './set-aside.js';

/** Checks the mirror file; returns what was done to it, in words, or null when it was fine (or not there yet). */
export function checkMirrorFile(file: string, account: string): string | null {
  const health = checkSqliteFile(file);
  if (health.state === 'ok') health.db.close();
  if (health.state !== 'broken') return null;
  const aside = moveAside(file);
  return `The local copy of "${account}" was damaged (${health.reason}): it was moved to ${aside}, and the next sync downloads the account again.`;
}
