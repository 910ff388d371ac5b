/**
 * List filters (descriptor.ts FilterSpec): a filter's value checked and turned into a Condition, which becomes
 * a WHERE clause here and a test of one record in record-filter.ts (both read the same Condition, so they
 * agree on bounds, lists and the like).
 */
import { addDays, isBareDate } from './calendar.js';
import type { FilterSpec, SqlValue } from './descriptor.js';
import { MirrorQueryError } from './query-error.js';

/** A conjunction of WHERE clauses and their bound values. */
export class Where {
  readonly clauses: string[] = [];
  readonly values: SqlValue[] = [];

  add(clause: string, ...values: SqlValue[]): this {
    this.clauses.push(clause);
    this.values.push(...values);
    return this;
  }

  get sql(): string {
    return this.clauses.length === 0 ? '' : `WHERE ${this.clauses.join(' AND ')}`;
  }
}

/** What one filter asks of a row, its value checked. */
export type Condition =
  /** The column is one of the values (none: no row). */
  | { kind: 'oneOf'; column: string; values: SqlValue[] }
  /** The column is within the bounds: from and to inclusive, below exclusive. */
  | { kind: 'range'; column: string; from?: SqlValue; to?: SqlValue; below?: SqlValue }
  /** Some row of a child table has column = value. */
  | { kind: 'child'; table: string; column: string; value: SqlValue };

export function filterCondition(name: string, spec: FilterSpec, value: unknown, today: string): Condition {
  const bad = (expected: string) => new MirrorQueryError(`filter ${name} takes ${expected}, got ${JSON.stringify(value)}`);
  switch (spec.kind) {
    case 'equals': {
      const type = spec.type === 'text' ? 'string' : 'number';
      const values = Array.isArray(value) ? (value as unknown[]) : [value];
      if (!values.every((v) => typeof v === type && (type === 'string' || Number.isFinite(v)))) {
        throw bad(`a ${type} or a list of them`);
      }
      return { kind: 'oneOf', column: spec.column, values: values as SqlValue[] };
    }
    case 'flag':
      if (typeof value !== 'boolean') throw bad('true or false');
      return { kind: 'oneOf', column: spec.column, values: [value ? 1 : 0] };
    case 'range': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('{from?, to?}');
      const { from, to } = value as Record<string, unknown>;
      for (const bound of [from, to]) {
        if (bound !== undefined && typeof bound !== 'string' && typeof bound !== 'number') throw bad('{from?, to?}');
      }
      const condition: Condition = { kind: 'range', column: spec.column };
      if (from !== undefined) condition.from = from as SqlValue;
      // A bare date as the upper bound includes that day's date-times too.
      if (typeof to === 'string' && isBareDate(to)) condition.below = addDays(to, 1);
      else if (to !== undefined) condition.to = to as SqlValue;
      return condition;
    }
    case 'withinDays':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw bad('a whole number of days');
      return { kind: 'range', column: spec.column, from: today, to: addDays(today, value) };
    case 'child':
      if (typeof value !== 'string' && typeof value !== 'number') throw bad('a string or number');
      return { kind: 'child', table: spec.table, column: spec.column, value };
  }
}

export function addCondition(where: Where, condition: Condition): void {
  switch (condition.kind) {
    case 'oneOf': {
      const { column, values } = condition;
      if (values.length === 0) where.add('0');
      else if (values.length === 1) where.add(`${column} = ?`, values[0]!);
      else where.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
      return;
    }
    case 'range': {
      const { column, from, to, below } = condition;
      if (from !== undefined) where.add(`${column} >= ?`, from);
      if (to !== undefined) where.add(`${column} <= ?`, to);
      if (below !== undefined) where.add(`${column} < ?`, below);
      return;
    }
    case 'child':
      where.add(`id IN (SELECT parent_id FROM ${condition.table} WHERE ${condition.column} = ?)`, condition.value);
      return;
  }
}
