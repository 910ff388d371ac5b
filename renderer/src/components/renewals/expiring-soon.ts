/**
 * The domains expiring within 30 days, whatever their status (the renewal's review lists apart those it cannot
 * renew, and why), as the Domains list's own filter shows them from the mirror: offline too. The renewal takes
 * them as that list (`shown`), so the engine reads their ids itself rather than the page sending thousands.
 */
import type { ListInput } from '../../../../shared/contract';
import { desk } from '../../bridge';

export type ShownDomains = Pick<ListInput, 'filters' | 'text'>;

export const EXPIRING_SOON: ShownDomains = { filters: { expiringWithinDays: 30 } };

/** How many there are (one row read). */
export async function countExpiringSoon(): Promise<number> {
  return (await desk().call('data.list', { resource: 'domains', ...EXPIRING_SOON, limit: 1 })).total;
}
