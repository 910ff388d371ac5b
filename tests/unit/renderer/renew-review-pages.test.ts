/** A renewal's review read a page at a time: the pages the rows on screen need, a plan's page and its token. */
import { describe, expect, it } from 'vitest';
import { pagesNeeded, withPage } from '../../../renderer/src/components/renewals/review-pages';
import { planPage, renewalToken, type RenewalLine, type RenewalPlan } from '../../../shared/renewals';

const line = (i: number, years = 1): RenewalLine => ({ id: i, name: `d${i}.com`, status: 'Active', expiryDate: null, years, price: null, pricePerYear: null, priceAsOf: null });

describe('pagesNeeded', () => {
  it('asks each page once for the rows not read, in order, none for rows read or pages asked', () => {
    const have = withPage(new Map(), 0, [line(0), line(1)]);
    expect(pagesNeeded([0, 1], have, new Set(), 2)).toEqual([]);
    expect(pagesNeeded([7, 2, 3, 5], have, new Set(), 2)).toEqual([2, 4, 6]);
    expect(pagesNeeded([2, 3, 4], have, new Set([2]), 2)).toEqual([4]);
  });
});

describe('withPage', () => {
  it('adds a page at its indexes in a new map, leaving the one given as it was', () => {
    const have = withPage(new Map(), 0, [line(0)]);
    const next = withPage(have, 50, [line(50), line(51)]);
    expect([...next.keys()]).toEqual([0, 50, 51]);
    expect(next.get(51)!.name).toBe('d51.com');
    expect(have.size).toBe(1);
  });
});

describe('planPage and renewalToken', () => {
  const renew = [line(0), line(1), line(2)];
  const plan: RenewalPlan = { years: 1, count: 3, offset: 0, renew, leftOut: [], total: null, knownTotal: null, unknownPrices: 3, unreachable: false, token: renewalToken(renew) };

  it('keeps the whole plan and slices its lines from the offset', () => {
    expect(planPage(plan, 0, undefined)).toBe(plan);
    expect(planPage(plan, 1, 1)).toEqual({ ...plan, offset: 1, renew: [line(1)] });
    expect(planPage(plan, 2, 10).renew).toEqual([line(2)]);
  });

  it("changes with any line's years, name or the count, not with the case of a name", () => {
    expect(renewalToken(renew)).not.toBe(renewalToken([line(0), line(1, 2), line(2)]));
    expect(renewalToken(renew)).not.toBe(renewalToken(renew.slice(0, 2)));
    expect(renewalToken([{ name: 'A.com', years: 1 }])).toBe(renewalToken([{ name: 'a.com', years: 1 }]));
  });
});
