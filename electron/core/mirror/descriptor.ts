/**
 * How a resource is laid out in SQLite, described once so that writing, listing and searching are generic:
 * its table, the real columns projected from a record, what lists may sort and filter on, what the search
 * index holds, and child tables for nested lists.
 */
import type { HitDetail } from '../../../shared/queries.js';

export type SqlValue = string | number | null;
export type SortDirection = 'asc' | 'desc';

/** A list filter: how a filter value becomes a WHERE clause on the resource's table. */
export type FilterSpec =
  /** Column equals the value (or one of the values, given an array). */
  | { kind: 'equals'; column: string; type: 'text' | 'number' }
  /** A 0/1 column; the value is a boolean. */
  | { kind: 'flag'; column: string }
  /** `{from?, to?}`, both inclusive; a bare date as `to` takes in that whole day. */
  | { kind: 'range'; column: string }
  /** A date column between today and today + N days (the value is N). */
  | { kind: 'withinDays'; column: string }
  /** Some row of a child table has column = value. */
  | { kind: 'child'; table: string; column: string };

export interface RangeValue {
  from?: string | number;
  to?: string | number;
}

/** The value each kind of filter takes. */
export type FilterValueOf<F extends FilterSpec> = F extends { kind: 'equals'; type: 'text' }
  ? string | readonly string[]
  : F extends { kind: 'equals'; type: 'number' }
    ? number | readonly number[]
    : F extends { kind: 'flag' }
      ? boolean
      : F extends { kind: 'range' }
        ? RangeValue
        : F extends { kind: 'withinDays' }
          ? number
          : string | number;

export type FilterValue = FilterValueOf<FilterSpec>;

/** How a search hit is shown: made from its record when found (the index keeps no text of its own). */
export interface SearchHeading {
  title: string;
  details: HitDetail[];
}

/**
 * A searchable resource: its slot (unique among them; it prefixes their rowids in the index), what the index
 * takes of a record (its searchable values; empty ones are left out) and how a hit is shown.
 */
export interface SearchSpec<T> {
  slot: number;
  terms(record: T): (string | null | undefined)[];
  heading(record: T): SearchHeading;
  /** Terms the heading does not show, by field name: a hit found by one of them says so (a contact found by its city). */
  unshown?(record: T): Record<string, string | null | undefined>;
}

/** A nested list stored as rows of its own table, keyed by `parent_id` (queryable; the JSON stays the truth). */
export interface ChildTable<T> {
  table: string;
  /** Columns after parent_id, in the order rows() gives their values. */
  columns: readonly string[];
  rows(record: T): SqlValue[][];
}

export interface ResourceDescriptor<T> {
  table: string;
  idOf(record: T): number;
  /** Real columns besides id/json/hash/written_at, each projected from the record. */
  columns: Readonly<Record<string, (record: T) => SqlValue>>;
  /** Sortable fields (the whitelist) → column. Each has an index on (column, id). */
  sort: Readonly<Record<string, string>>;
  defaultSort: { field: string; dir: SortDirection };
  filters: Readonly<Record<string, FilterSpec>>;
  search?: SearchSpec<T>;
  children?: readonly ChildTable<T>[];
}

export const equalsText = (column: string) => ({ kind: 'equals', column, type: 'text' }) as const;
export const equalsNumber = (column: string) => ({ kind: 'equals', column, type: 'number' }) as const;
export const flag = (column: string) => ({ kind: 'flag', column }) as const;
export const range = (column: string) => ({ kind: 'range', column }) as const;
export const withinDays = (column: string) => ({ kind: 'withinDays', column }) as const;
export const child = (table: string, column: string) => ({ kind: 'child', table, column }) as const;
