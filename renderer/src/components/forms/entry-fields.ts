/**
 * The fields of a queued edit a person can fix in place: its top-level text, yes/no and number values (the
 * e-mail the provider refused, a subject, a tax rate). Ids (what the edit is about), lists and attachments stay
 * as queued. A secret shows masked; sent back masked, the engine keeps the one it holds.
 */
export type EntryFieldKind = 'text' | 'flag' | 'number' | 'secret' | 'long';

export interface EntryField {
  param: string;
  kind: EntryFieldKind;
}

/** Params that name records, not values to fix here; and the app's own note of the price a form showed (never sent). */
const isReference = (param: string) => /id$/.test(param) || param === 'shownprice';
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

/** The entry's params with the fixed values in place (numbers back to numbers; what is not a number stays text for the engine to refuse). */
export function fixedParams(params: Record<string, unknown>, fields: readonly EntryField[], values: Record<string, string | boolean>): Record<string, unknown> {
  const out = { ...params };
  for (const { param, kind } of fields) {
    const value = values[param];
    if (value === undefined) continue;
    if (kind === 'number' && typeof value === 'string') {
      const number = Number(value.trim().replace(',', '.'));
      out[param] = value.trim() !== '' && Number.isFinite(number) ? number : value;
    } else out[param] = value;
  }
  return out;
}
