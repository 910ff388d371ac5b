/**
 * The shapes of what the renderer shows of a resource, as data: a list's columns, its filters, and a record's
 * detail fields in groups (with the links between records). Each resource's own view is in its shared
 * descriptor (shared/resources), read by one generic table and one generic detail pane. Labels are i18n keys
 * under `lists.` (the renderer translates them).
 *
 * A column's `sort` and a filter's `name` are the mirror's own names (the engine's half of the descriptor,
 * electron/core/resources): data.list refuses any other, and tests/unit/resource-fields.test.ts checks them.
 */
import type { ResourceName } from './records.js';

/**
 * How a value reads: text as is; money in the account's currency; date / datetime with Intl ("—" when unset);
 * status as a badge; number with grouping; bool as yes / no; mono for codes; html sanitized (announcements
 * only); link to another record (`to`, the id in `field`); pricing a catalogue price list (per cycle);
 * serviceRef a ticket's related service or domain as the provider writes it (`S12`, `D14`), a link to it.
 */
export type FieldKind = 'text' | 'mono' | 'money' | 'date' | 'datetime' | 'status' | 'number' | 'bool' | 'html' | 'link' | 'pricing' | 'serviceRef';

/** Provider codes shown as words (`hostingaccount` → "Hosting account"): i18n keys `lists.words.<set>.<code>`. */
export type WordSet = 'productType' | 'payType' | 'regYears' | 'priority' | 'status';

/** What a `serviceRef` names: `S12` a service, `D14` a domain; null for anything else. */
export function serviceRefTarget(value: unknown): { to: 'services' | 'domains'; id: number } | null {
  const match = typeof value === 'string' ? /^([SD])(\d+)$/.exec(value) : null;
  return match ? { to: match[1] === 'S' ? 'services' : 'domains', id: Number(match[2]) } : null;
}

/** Resources a link can open (each a list screen). */
export type LinkTarget = Exclude<ResourceName, 'client'>;

/** What an id may be shown by name from: a support department, a product group (named by the account's services). */
export type LookupName = 'departments' | 'productGroups';

export interface FieldSpec {
  /** The record's property (a dotted path is not used: every field is top level). */
  field: string;
  /** i18n key under `lists.field.`; default the field name. */
  label?: string;
  kind: FieldKind;
  /** For links: the resource the id in `field` belongs to. */
  to?: LinkTarget;
  /** Show the name of what the id names rather than the id (looked up once): a department, a product group. */
  lookup?: LookupName;
  /** A unit after a number ("MB"), as an i18n key under `lists.unit.`. */
  unit?: string;
  /** Codes read as words (a code without its word shows as it is). */
  words?: WordSet;
}

export interface ColumnSpec extends FieldSpec {
  /** Starting width in px. */
  width: number;
  /** The mirror's sort field, when the list can be sorted by this column. */
  sort?: string;
}

/**
 * A list filter, by the mirror's filter name: `choice` offers the values the mirror holds (data.facets) or a
 * small resource's records (`from`); `range` two dates; `flag` yes / no; `within` a number of days from today.
 */
export type FilterKind = 'choice' | 'range' | 'flag' | 'within';

export interface FilterSpec {
  name: string;
  kind: FilterKind;
  /** i18n key under `lists.filter.`; default the name. */
  label?: string;
  /**
   * For a choice among a small resource's records or the groups of an id: their ids as values, their names as
   * labels (a department's records; a product group's ids as the mirror holds them, with their counts).
   */
  from?: LookupName;
  /** A choice among codes, labelled with their words. */
  words?: WordSet;
  /** A choice whose values are numbers (a product's group id), as the mirror's filter takes them. */
  numeric?: boolean;
}

/** A nested list shown as a small table in the detail pane (an order's line items, a product's add-ons). */
export interface SubTableSpec {
  /** The record's array property. */
  field: string;
  label?: string;
  columns: FieldSpec[];
  /** For rows that point at another record: the resource (by the row's `type`) and the id property. */
  link?: { typeField: string; idField: string; targets: Record<string, LinkTarget> };
}

export interface DetailGroup {
  /** i18n key under `lists.group.`. */
  title: string;
  fields?: FieldSpec[];
  tables?: SubTableSpec[];
  /** A link to another list filtered by this record (a department's tickets). */
  related?: { to: LinkTarget; filter: string; idField: string; label: string }[];
}

export interface ResourceView {
  resource: LinkTarget;
  /** The properties naming a record in the detail pane's heading, joined by a space (the first non-empty wins the id). */
  titleFields: string[];
  /** How a heading reads when its title needs the id too (an order's number, a ticket's tid). */
  titlePrefix?: string;
  /** Whether the list takes a text filter (the mirror's full-text index covers the resource). */
  searchable: boolean;
  columns: ColumnSpec[];
  filters: FilterSpec[];
  detail: DetailGroup[];
}

/** A record's id as the route and data.get take it (a catalogue product's id is its pid). */
export function recordIdOf(record: { id?: unknown; pid?: unknown }): number | string {
  return (record.id ?? record.pid) as number | string;
}
