/**
 * The fields of a queued edit a person can fix in place: its top-level text, yes/no and number values (the
 * e-mail the provider refused, a subject, a tax rate). Ids (what the edit is about), lists and attachments stay
 * as queued. A secret shows masked; sent back masked, the engine keeps the one it holds.
 */
import { readDecimal, writeDecimal, type Separators } from '../../../../shared/typed-number';

export type EntryFieldKind = 'text' | 'flag' | 'number' | 'secret' | 'long';

export interface EntryField {
  param: string;
  kind: EntryFieldKind;
}

/**
 * Params that name records, not values to fix here; and the app's own note of the price a form showed (never
 * sent). An order's affiliate id is a value the person typed (the provider may refuse it): fixed here.
 */
const isReference = (param: string) => (/id$/.test(param) && param !== 'affid') || param === 'shownprice';
const LONG = new Set(['message', 'notes']);

export function entryFields(params: Record<string, unknown>, mask: string): EntryField[] {
  return Object.entries(params).flatMap(([param, value]): EntryField[] => {
    if (isReference(param)) return [];
    if (typeof value === 'boolean') return [{ param, kind: 'flag' }];
    if (typeof value === 'number') return [{ param, kind: 'number' }];
    if (typeof value !== 'string') return [];
    if (value === mask) return [{ param, kind: 'secret' }];
    return [{ param, kind: LONG.has(param) ? 'long' : 'text' }];
  });
}

/** The values to fix, as the form shows them: numbers written in the person's format (5,5 in Italian). */
export function entryValues(params: Record<string, unknown>, fields: readonly EntryField[], separators: Separators): Record<string, string | boolean> {
  return Object.fromEntries(
    fields.map(({ param }) => {
      const value = params[param];
      return [param, typeof value === 'boolean' ? value : typeof value === 'number' ? writeDecimal(String(value), separators) : String(value)];
    }),
  );
}

/**
 * The entry's params with the fixed values in place: numbers read in the person's format back to numbers; what
 * cannot be read stays text for the engine to refuse (outbox.edit checks the params against the entry's kind).
 */
export function fixedParams<P extends object>(params: P, fields: readonly EntryField[], values: Record<string, string | boolean>, separators: Separators): P {
  const fixed: Record<string, unknown> = {};
  for (const { param, kind } of fields) {
    const value = values[param];
    if (value === undefined) continue;
    if (kind === 'number' && typeof value === 'string') {
      const read = readDecimal(value, separators, { places: 4, negative: true });
      fixed[param] = read.ok ? Number(read.value) : value;
    } else fixed[param] = value;
  }
  return { ...params, ...fixed };
}
