/** List filters (descriptor.ts FilterSpec) as WHERE clauses, with their values checked. */
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

export function addFilter(where: Where, name: string, spec: FilterSpec, value: unknown, today: string): void {
  const bad = (expected: string) => new MirrorQueryError(`filter ${name} takes ${expected}, got ${JSON.stringify(value)}`);
  switch (spec.kind) {
    case 'equals': {
      const type = spec.type === 'text' ? 'string' : 'number';
      const values = Array.isArray(value) ? (value as unknown[]) : [value];
      if (!values.every((v) => typeof v === type && (type === 'string' || Number.isFinite(v)))) {
        throw bad(`a ${type} or a list of them`);
      }
      if (values.length === 0) where.add('0');
      else if (values.length === 1) where.add(`${spec.column} = ?`, values[0] as SqlValue);
      else where.add(`${spec.column} IN (${values.map(() => '?').join(', ')})`, ...(values as SqlValue[]));
      return;
    }
    case 'flag':
      if (typeof value !== 'boolean') throw bad('true or false');
      where.add(`${spec.column} = ?`, value ? 1 : 0);
      return;
    case 'range': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('{from?, to?}');
      const { from, to } = value as Record<string, unknown>;
      for (const bound of [from, to]) {
        if (bound !== undefined && typeof bound !== 'string' && typeof bound !== 'number') throw bad('{from?, to?}');
      }
      if (from !== undefined) where.add(`${spec.column} >= ?`, from as SqlValue);
      // A bare date as the upper bound includes that day's date-times too.
      if (typeof to === 'string' && isBareDate(to)) where.add(`${spec.column} < ?`, addDays(to, 1));
      else if (to !== undefined) where.add(`${spec.column} <= ?`, to as SqlValue);
      return;
    }
    case 'withinDays':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw bad('a whole number of days');
      where.add(`${spec.column} BETWEEN ? AND ?`, today, addDays(today, value));
      return;
    case 'child':
      if (typeof value !== 'string' && typeof value !== 'number') throw bad('a string or number');
      where.add(`id IN (SELECT parent_id FROM ${spec.table} WHERE ${spec.column} = ?)`, value);
      return;
  }
}
