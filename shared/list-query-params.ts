/**
 * A list's filters as its route's query, and back, so a filtered list is a link (the dashboard's radar links
 * to `/domains?status=Active&expiringWithinDays=30`): one query key per filter of the list's descriptor, a
 * date range as `from..to` (either side may be empty), yes / no as true / false; `q` is the text filter.
 * Keys a list does not have are ignored.
 */
import type { ListInput } from './contract.js';
import type { ResourceView } from './resource-fields.js';

type FilterValues = NonNullable<ListInput['filters']>;
/** A route's query as vue-router gives it (the renderer's); plain strings when written. */
type QueryIn = Record<string, string | null | (string | null)[] | undefined>;

export const TEXT_KEY = 'q';

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
        filters[filter.name] = filter.from ? Number(raw) : raw;
    }
  }
  return filters;
}

export function queryFromFilters(filters: FilterValues, text: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) {
    query[name] = typeof value === 'object' ? `${value.from ?? ''}..${value.to ?? ''}` : String(value);
  }
  if (text.trim()) query[TEXT_KEY] = text.trim();
  return query;
}
