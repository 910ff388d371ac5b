/**
 * A renewal plan's prices, fetched before it is shown: one whois per ending (a TLD's renewal price is the same for
 * its names) whose lines have no price or one older than the whois cache keeps answers fresh, all endings at once,
 * each answer put in the whois cache the plan is priced from. The domain asked is the first of the ending in the
 * plan, so a premium name is asked about itself. While the connection is down nothing is asked (a probe finds
 * when it is back): the plan keeps the last known prices.
 */
import type { Clock } from '../../../shared/clock.js';
import type { RenewalLine } from '../../../shared/renewals.js';
import type { AccountSession } from '../account-session.js';
import { ApiError } from '../api/index.js';

export interface FetchedPrices {
  /** How many endings were asked about. */
  asked: number;
  /** Whether the provider could not be reached for one (a refusal is an answer: the price stays not known). */
  unreachable: boolean;
}

export async function fetchRenewalPrices(session: AccountSession, lines: readonly RenewalLine[], maxAgeMs: number, clock: Clock): Promise<FetchedPrices> {
  const oldest = clock() - maxAgeMs;
  const toAsk = new Map<string, string>();
  for (const line of lines) {
    const name = line.name.toLowerCase();
    const ending = name.slice(name.indexOf('.'));
    const fresh = line.priceAsOf !== null && Date.parse(line.priceAsOf) >= oldest;
    if (!fresh && !toAsk.has(ending)) toAsk.set(ending, name);
  }
  if (toAsk.size > 0 && session.connectivity.down) return { asked: toAsk.size, unreachable: true };
  const answers = await Promise.allSettled(
    [...toAsk.values()].map(async (domain) => {
      const value = await session.connectivity.observe(() => session.client.whois({ domain }));
      session.mirror.whoisCache.put(domain, value, new Date(clock()));
    }),
  );
  return {
    asked: toAsk.size,
    unreachable: answers.some((answer) => answer.status === 'rejected' && !(answer.reason instanceof ApiError && answer.reason.kind === 'rejected')),
  };
}
