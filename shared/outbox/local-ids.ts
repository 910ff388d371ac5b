/**
 * Local ids: a queued create is known as `local:<entry id>` until the server gives it its own id. Later edits
 * of the same record (update-contact of a local contact, a reply to a local ticket) carry the local id.
 */

export type LocalId = `local:${number}`;

const LOCAL_ID = /^local:([1-9]\d*)$/;

export function localIdOf(entryId: number): LocalId {
  return `local:${entryId}`;
}

export function isLocalId(value: unknown): value is LocalId {
  return typeof value === 'string' && LOCAL_ID.test(value);
}

/** The entry id inside a local id, or null when `value` is not one. */
export function entryIdOf(value: string): number | null {
  const match = LOCAL_ID.exec(value);
  return match ? Number(match[1]) : null;
}
