/**
 * A list's filters as its route's query, and back, so a filtered list is a link (the dashboard's radar links
 * to `/domains?status=Active&expiringWithinDays=30`): one query key per filter of the list's descriptor, a
 * date range as `from..to` (either side may be empty), yes / no as true / false; `q` is the text filter and
 * `sort` the order (`expiryDate` ascending, `-expiryDate` descending). Keys a list does not have are ignored.
 */
import type { ListInput } from './contract.js';
import type { FilterSpec, ResourceView } from './resource-fields.js';

type FilterValues = NonNullable<ListInput['filters']>;
export interface ListSort {
  field: string;
  dir: 'asc' | 'desc';
}
/** What a list shows, as its route's query says. A null sort: the mirror's default order. */
export interface ListQuery {
  filters: FilterValues;
  text: string;
  sort: ListSort | null;
}
/** A route's query as vue-router gives it (the renderer's); plain strings when written. */
type QueryIn = Record<string, string | null | (string | null)[] | undefined>;

export const TEXT_KEY = 'q';
export const SORT_KEY = 'sort';

/** The whole query of a list: its filters, text and sort. */
export function listQueryFromRoute(view: ResourceView, query: QueryIn): ListQuery {
  const text = query[TEXT_KEY];
  return { filters: filtersFromQuery(view, query), text: typeof text === 'string' ? text : '', sort: sortFromQuery(view, query) };
}

/** The route's sort, when it names a column the list can be sorted by. */
export function sortFromQuery(view: ResourceView, query: QueryIn): ListSort | null {
  const raw = query[SORT_KEY];
  if (typeof raw !== 'string') return null;
  const field = raw.replace(/^-/, '');
  if (!view.columns.some((column) => column.sort === field)) return null;
  return { field, dir: raw.startsWith('-') ? 'desc' : 'asc' };
}

/** A choice's value as the mirror's filter takes it: a record's id or a numeric code as a number, else the text. */
export function choiceValue(filter: FilterSpec, raw: string): string | number {
  return filter.from || filter.numeric ? Number(raw) : raw;
}

export function filtersFromQuery(view: ResourceView, query: QueryIn): FilterValues {
  const filters: FilterValues = {};
  for (const filter of view.filters) {
    const raw = query[filter.name];
    if (typeof raw !== 'string' || raw === '') continue;
    switch (filter.kind) {
      case 'range': {
        const [from = '', to = ''] = raw.split('..');
        if (from || to) filters[filter.name] = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
        break;
      }
      case 'flag':
        if (raw === 'true' || raw === 'false') filters[filter.name] = raw === 'true';
        break;
      case 'within':
        if (/^\d+$/.test(raw)) filters[filter.name] = Number(raw);
        break;
      default:
        filters[filter.name] = choiceValue(filter, raw);
    }
  }
  return filters;
}

export function queryFromFilters(filters: FilterValues, text: string, sort: ListSort | null = null): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    query[name] = typeof value === 'object' ? `${value.from ?? ''}..${value.to ?? ''}` : String(value);
  }
  if (text.trim()) query[TEXT_KEY] = text.trim();
  if (sort) query[SORT_KEY] = `${sort.dir === 'desc' ? '-' : ''}${sort.field}`;
  return query;
}
