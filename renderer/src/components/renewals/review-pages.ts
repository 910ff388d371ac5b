/**
 * A review read a page at a time: which pages the rows on screen still need, and the lines read so far by their
 * index in the plan. Pure, so the paging is tested without a page.
 */
import type { RenewalLine } from '../../../../shared/renewals';

/** Lines per page asked of the engine: a screen of the review and more. */
export const REVIEW_PAGE = 50;

/** The offsets of the pages holding these row indexes that are neither read nor asked for, in order. */
export function pagesNeeded(indexes: Iterable<number>, have: ReadonlyMap<number, RenewalLine>, asked: ReadonlySet<number>, page = REVIEW_PAGE): number[] {
  const offsets = new Set<number>();
  for (const index of indexes) {
    const offset = index - (index % page);
    if (!have.has(index) && !asked.has(offset)) offsets.add(offset);
  }
  return [...offsets].sort((a, b) => a - b);
}

/** `have` with a page's lines added at their indexes (a new map: the review's rows are a shallow ref). */
export function withPage(have: ReadonlyMap<number, RenewalLine>, offset: number, lines: readonly RenewalLine[]): Map<number, RenewalLine> {
  const next = new Map(have);
  lines.forEach((line, i) => next.set(offset + i, line));
  return next;
}
