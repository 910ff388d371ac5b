/**
 * How an entry's secret fields (named by its kind's definition) are shown: masked. A secret text reads
 * SECRET_MASK; a list of them keeps its length, each text masked; an empty or null value stays as it is (it
 * holds nothing to hide). Masked, not omitted: a view still tells that a password was given (a sub-account)
 * and which of an order's domains carry an EPP code, and the types of the params stay true.
 */
import { MUTATIONS } from './definitions.js';
import type { OutboxEntry } from './entry.js';

export const SECRET_MASK = '••••';

export function maskSecret(value: unknown): unknown {
  if (typeof value === 'string') return value === '' ? value : SECRET_MASK;
  if (Array.isArray(value)) return value.map(maskSecret);
  return value;
}

export function masked<T extends object | null>(values: T, fields: readonly string[]): T {
  if (values === null || !fields.some((field) => field in values)) return values;
  const copy: Record<string, unknown> = { ...values };
  for (const field of fields) if (field in copy) copy[field] = maskSecret(copy[field]);
  return copy as T;
}

/** The entry as front ends see it (outbox.list, the CLI's `outbox --json`): its secrets masked. */
export function maskedEntry<E extends OutboxEntry>(entry: E): E {
  const { secretParams, secretResult } = MUTATIONS[entry.kind];
  return { ...entry, params: masked(entry.params, secretParams), result: masked(entry.result, secretResult) };
}
