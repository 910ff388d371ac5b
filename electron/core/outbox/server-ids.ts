/** Entries are sent only once every local id in them has been replaced by a server id (see waiting.ts). */
import type { LocalId } from '../../../shared/outbox/local-ids.js';

export function serverId(value: number | LocalId): number {
  if (typeof value !== 'number') throw new Error(`${value} has no server id yet; the entry should still be waiting`);
  return value;
}

export function optionalServerId(value: number | LocalId | undefined): number | undefined {
  return value === undefined ? undefined : serverId(value);
}
