/** How a record's values become mirror columns and search headings. */
import { toCents } from '../../../shared/money.js';
import type { HitDetail } from '../../../shared/queries.js';

export const cents = (money: string | null): number | null => (money === null ? null : toCents(money));
export const bit = (value: boolean): number => (value ? 1 : 0);
/** A search hit's details: the facts given, those without a value left out (the front end words each). */
export const details = (...facts: Array<[HitDetail['kind'], string | null | undefined]>): HitDetail[] =>
  facts.flatMap(([kind, value]) => (value ? [{ kind, value }] : []));
