/**
 * Request bodies: plain parameters → form entries (arrays as repeated `name[]`, booleans as 1/0, undefined
 * left out) → multipart FormData or, for the token endpoint, x-www-form-urlencoded.
 */
import { encodeBoolean, type FormEntry } from './encoders.js';

export type FormScalar = string | number | boolean;
export type FormParams = Record<string, FormScalar | readonly FormScalar[] | undefined>;

function text(value: FormScalar): string {
  return typeof value === 'boolean' ? encodeBoolean(value) : String(value);
}

export function formEntries(params: FormParams): FormEntry[] {
  const entries: FormEntry[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly FormScalar[]) entries.push([`${name}[]`, text(item)]);
    else entries.push([name, text(value as FormScalar)]);
  }
  return entries;
}

export function toFormData(entries: readonly FormEntry[]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

export function toUrlEncoded(entries: readonly FormEntry[]): URLSearchParams {
  return new URLSearchParams([...entries]);
}
