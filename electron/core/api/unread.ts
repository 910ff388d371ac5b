/**
 * Values a sync could not read, kept as warnings instead of failing their page: while `collectingUnread` runs, a
 * record field whose decoder has an unset value (unsettable) and whose wire value cannot be read gets that
 * value, and is counted here by field; outside it, such a value fails its record as before (a protocol error).
 */

/** Fields left unset: which, in how many records, and what the first bad value was. */
export interface UnreadField {
  field: string;
  count: number;
  example: string;
}

const UNSET_VALUES = new Map<(value: unknown) => unknown, unknown>();

/** Declares what a field read by `decode` holds when its value cannot be read. */
export function unsettable<T>(decode: (value: unknown) => T, unset: T): void {
  UNSET_VALUES.set(decode, unset);
}

let collecting: Map<string, UnreadField> | null = null;

/** Whether a bad value may be left unset now (a collection is running and its decoder has an unset value). */
export function mayLeaveUnset(decode: (value: unknown) => unknown): boolean {
  return collecting !== null && UNSET_VALUES.has(decode);
}

/** Counts a value left unset and gives its decoder's unset value. */
export function leaveUnset(field: string, decode: (value: unknown) => unknown, why: string): unknown {
  const seen = collecting!.get(field);
  if (seen) seen.count++;
  else collecting!.set(field, { field, count: 1, example: why });
  return UNSET_VALUES.get(decode);
}

/** Runs a (synchronous) decoding with unreadable values left unset, and says which were. */
export function collectingUnread<T>(run: () => T): { value: T; unread: UnreadField[] } {
  const outer = collecting;
  collecting = new Map();
  try {
    const value = run();
    return { value, unread: [...collecting.values()] };
  } finally {
    collecting = outer;
  }
}

/**
 * Runs a decoding leniently when `unread` is given (a sync's read: what is left unset is added to it), strictly
 * otherwise (a value that cannot be read fails the read).
 */
export function decodedInto<T>(unread: UnreadField[] | undefined, decode: () => T): T {
  if (unread === undefined) return decode();
  const { value, unread: found } = collectingUnread(decode);
  unread.push(...found);
  return value;
}

/** One list per page → one per resource, by field. */
export function mergeUnread(lists: readonly UnreadField[][]): UnreadField[] {
  const byField = new Map<string, UnreadField>();
  for (const field of lists.flat()) {
    const seen = byField.get(field.field);
    if (seen) seen.count += field.count;
    else byField.set(field.field, { ...field });
  }
  return [...byField.values()];
}

/** The sync summary's words for them, about `what` (a resource). */
export function describeUnread(what: string, unread: readonly UnreadField[]): string[] {
  return unread.map(
    ({ field, count, example }) =>
      `${what}: ${field} could not be read in ${count} record${count === 1 ? '' : 's'} (${example}); left unset, the records kept`,
  );
}
