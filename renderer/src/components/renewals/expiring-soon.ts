/**
 * The domains expiring within 30 days, whatever their status (the renewal's review lists apart those it cannot
 * renew, and why), read from the mirror with the Domains list's own filter: offline too.
 */
import { BULK_LIMIT, type ListInput } from '../../../../shared/contract';
import type { LocalId } from '../../../../shared/outbox/local-ids';
import type { ListPage, OverlaidRecord } from '../../../../shared/queries';
import { desk } from '../../bridge';

const expiringSoon = (): ListInput => ({ resource: 'domains', filters: { expiringWithinDays: 30 }, sort: { field: 'expiryDate', dir: 'asc' } });

/** How many there are (one row read). */
export async function countExpiringSoon(): Promise<number> {
  return (await desk().call('data.list', { ...expiringSoon(), limit: 1 })).total;
}

/** Their ids, soonest first, page by page up to the most one renewal takes. */
export async function expiringSoonIds(): Promise<Array<number | LocalId>> {
  const ids: Array<number | LocalId> = [];
  let after: string | null = null;
  do {
    const page: ListPage<OverlaidRecord> = await desk().call('data.list', { ...expiringSoon(), limit: 1000, after });
    ids.push(...page.rows.map((row) => row.id));
    after = page.nextCursor;
  } while (after !== null && ids.length < BULK_LIMIT);
  return ids.slice(0, BULK_LIMIT);
}
