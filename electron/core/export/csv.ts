/**
 * Records as CSV (the CLI's `export` and the app's "Export this view"), and every page of a keyset-paged list.
 * A cell reads as a person expects in a spreadsheet: money with its currency, provider times with their zone,
 * announcement HTML and PHP-serialized blobs as text, and no cell a spreadsheet would run as a formula.
 */
import { decodeHTML } from 'entities';
import Papa from 'papaparse';
import { unserialize } from 'php-serialize';
import type { ResourceName } from '../../../shared/records.js';
import type { FieldSpec, ResourceView } from '../../../shared/resource-fields.js';
import { RESOURCE_DESCRIPTORS } from '../../../shared/resources/index.js';

export interface CsvOptions {
  /** The resource's fields as the app describes them: in the header also when there are no rows, and saying which hold money or HTML. */
  fields?: readonly FieldSpec[];
  /** The account's currency code, written after each amount. */
  currency?: string;
  /** Starts the text with a byte order mark, for spreadsheets that read UTF-8 only with one. */
  bom?: boolean;
}

/** CSV with a header row and one column per field; lists (line items, custom fields) as JSON text. */
export function toCsv(records: readonly object[], options: CsvOptions = {}): string {
  const kinds = new Map((options.fields ?? []).map((f) => [f.field, f.kind]));
  const flat = records.map(flattened);
  const keys = new Set([...flat.flatMap((r) => Object.keys(r)), ...kinds.keys()]);
  // The id first, wherever the overlay left it.
  const columns = [...['id', 'pid'].filter((k) => keys.has(k)), ...[...keys].filter((k) => k !== 'id' && k !== 'pid')];
  const rows = flat.map((r) => columns.map((c) => cellText(r[c], kinds.get(c), options.currency)));
  const text = Papa.unparse({ fields: columns, data: rows }, { newline: '\n', escapeFormulae: FORMULA });
  return options.bom ? `\uFEFF${text}` : text;
}

/**
 * A cell a spreadsheet would run: one starting with = @ tab or CR, or with + or - unless all of it is a signed
 * number ("-12.50") or a phone number in international format ("+39 06 1234 5678", "+1 (555) 010-0199"), which
 * hold no letter, quote or operator a formula could call anything with. Papa prefixes a match with '.
 */
const FORMULA = /^(?:[=@\t\r]|[+-](?![\d .()-]*$)|-[\d .()]*-)/;

/** A record's nested objects (the client resource's {client, stats}) as columns of their own: `client.email`. */
function flattened(record: object): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value)) flat[`${key}.${inner}`] = innerValue;
    } else {
      flat[key] = value;
    }
  }
  return flat;
}

/** The provider writes local time without a zone; the engine takes it as UTC (the replayer's serverUtcOffsetMinutes default). */
const PROVIDER_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;
const PHP_SERIALIZED_ARRAY = /^a:\d+:\{.*\}$/s;

function cellText(value: unknown, kind: FieldSpec['kind'] | undefined, currency: string | undefined): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value !== 'string') return value;
  if (kind === 'money' && currency && value !== '') return `${value} ${currency}`;
  if (kind === 'html') return htmlToText(value);
  const dateTime = PROVIDER_DATE_TIME.exec(value);
  if (dateTime) return `${dateTime[1]}T${dateTime[2]}Z`;
  if (PHP_SERIALIZED_ARRAY.test(value)) return phpToJson(value);
  return value;
}

function phpToJson(value: string): string {
  try {
    return JSON.stringify(unserialize(value));
  } catch {
    return value;
  }
}

/** Paragraphs and line breaks as new lines, tags dropped, entities decoded. */
function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeHTML(text).replace(/\n{3,}/g, '\n\n').trim();
}

/** The fields the app shows of a resource (its list's columns and its detail pane's, per its descriptor), each once. */
export function resourceFields(resource: ResourceName): FieldSpec[] {
  const view: ResourceView | null = RESOURCE_DESCRIPTORS[resource].view;
  const id: FieldSpec = { field: resource === 'catalogue' ? 'pid' : 'id', kind: 'number' };
  const all = view ? [id, ...view.columns, ...view.detail.flatMap((group) => group.fields ?? [])] : [];
  return [...new Map(all.map((f) => [f.field, f])).values()];
}

/** Reads every page, one at a time (memory holds one page of SQLite rows besides the result). */
export function collectPages<T>(page: (after: string | null) => { rows: T[]; nextCursor: string | null }): T[] {
  const rows: T[] = [];
  let after: string | null = null;
  do {
    const next = page(after);
    for (const row of next.rows) rows.push(row);
    after = next.nextCursor;
  } while (after !== null);
  return rows;
}
