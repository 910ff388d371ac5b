/** A list's filters as its route's query and back (shared/list-query-params.ts). */
import { describe, expect, it } from 'vitest';
import { filtersFromQuery, listQueryFromRoute, queryFromFilters } from '../../shared/list-query-params.js';
import { RESOURCE_VIEWS } from '../../shared/resources/index.js';

const domains = RESOURCE_VIEWS.domains;

describe('route filters', () => {
  it("reads each kind of filter the list has, typed as data.list takes it, and ignores keys it does not have", () => {
    const filters = filtersFromQuery(domains, {
      status: 'Active',
      expiringWithinDays: '30',
      doNotRenew: 'false',
      expiryDate: '2026-01-01..2026-12-31',
      nextDueDate: '..2027-01-31',
      planet: 'Mars',
    });
    expect(filters).toEqual({
      status: 'Active',
      expiringWithinDays: 30,
      doNotRenew: false,
      expiryDate: { from: '2026-01-01', to: '2026-12-31' },
      nextDueDate: { to: '2027-01-31' },
    });
  });

  it('drops values that are not of the filter’s kind rather than sending them to the engine', () => {
    expect(filtersFromQuery(domains, { expiringWithinDays: 'soon', doNotRenew: 'maybe', expiryDate: '..' })).toEqual({});
  });

  it('takes a department by its id, as a number', () => {
    expect(filtersFromQuery(RESOURCE_VIEWS.tickets, { deptId: '3' })).toEqual({ deptId: 3 });
  });

  it("takes a product's group by its id, as a number, as the mirror's filter does", () => {
    expect(filtersFromQuery(RESOURCE_VIEWS.catalogue, { gid: '2', type: 'server' })).toEqual({ gid: 2, type: 'server' });
  });

  it('writes back what it reads, with the text filter as q', () => {
    const query = { status: 'Active', expiryDate: '2026-01-01..', doNotRenew: 'true', q: 'shop' };
    const filters = filtersFromQuery(domains, query);
    expect(queryFromFilters(filters, ' shop ')).toEqual(query);
  });

  it('reads and writes the sort, by a column the list sorts by (descending with a minus), and ignores any other', () => {
    expect(listQueryFromRoute(domains, { sort: '-expiryDate', q: 'shop' })).toEqual({ filters: {}, text: 'shop', sort: { field: 'expiryDate', dir: 'desc' } });
    expect(listQueryFromRoute(domains, { sort: 'expiryDate' }).sort).toEqual({ field: 'expiryDate', dir: 'asc' });
    expect(listQueryFromRoute(domains, { sort: 'password' }).sort).toBeNull();
    expect(queryFromFilters({}, '', { field: 'expiryDate', dir: 'desc' })).toEqual({ sort: '-expiryDate' });
  });
});
