/**
 * add-order against what the provider holds: a renewal of a domain whose expiry or next due date moved since,
 * or that has a renewal order pending on the provider, waits (nothing is renewed or billed twice unasked);
 * so does a registration or transfer of a name the account holds now. An order of renewals alone (a renewal
 * plan's) renews the other domains at once and holds those; any other order waits whole (its products and
 * domains are parallel lists, and a promotion applies once per order).
 */
import type { EntryBase, HeldName, RenewalBase, RenewedDomain } from '../../../../shared/outbox/conflict.js';
import type { MutationParams } from '../../../../shared/outbox/schemas.js';
import { holdsName, type ProviderState } from '../provider-state.js';
import type { StoredParams } from '../references.js';
import type { FreshnessRule } from './freshness.js';

export const orderFreshness: FreshnessRule<MutationParams<'add-order'>> = {
  base(params, on) {
    const renewing = Object.keys(params.domainrenewals ?? {}).map((name) => name.trim().toLowerCase());
    const ordering = (params.domaintype ?? []).flatMap((type, i) => (type === 'register' || type === 'transfer' ? [(params.domain?.[i] ?? '').trim().toLowerCase()] : []));
    if (renewing.length === 0 && ordering.length === 0) return null;
    const held = new Map(on.domainsByName([...renewing, ...ordering]).map((d) => [d.domainName.toLowerCase(), d]));
    const pending = renewing.length > 0 ? on.pendingRenewals() : new Map<string, number[]>();
    const renewals: Record<string, RenewalBase> = {};
    for (const name of renewing) {
      const domain = held.get(name);
      if (domain) renewals[name] = { expiryDate: domain.expiryDate, nextDueDate: domain.nextDueDate, pendingOrders: pending.get(name) ?? [] };
    }
    const names = ordering.filter((name) => {
      const domain = held.get(name);
      return name !== '' && (!domain || !holdsName(domain.status));
    });
    return { of: 'order', renewals, names };
  },
  decide(params, base, now) {
    if (base.of !== 'order') return { go: 'send', params };
    const renewed = renewedDomains(base.renewals, now);
    const held = heldNames(base.names, now);
    if (renewed.length === 0 && held.length === 0) return { go: 'send', params };
    const renewals = Object.entries((params.domainrenewals ?? {}) as Record<string, number>);
    const waits = new Set(renewed.map((r) => r.domain));
    const going = renewals.filter(([name]) => !waits.has(name.trim().toLowerCase()));
    if (ordersMoreThanRenewals(params) || going.length === 0) return { go: 'hold', conflict: { reason: 'order', renewed, held, sent: [] }, send: null, held: params };
    return {
      go: 'hold',
      conflict: { reason: 'order', renewed, held, sent: going.map(([name]) => name) },
      send: { ...params, domainrenewals: Object.fromEntries(going) },
      held: { ...params, domainrenewals: Object.fromEntries(renewals.filter(([name]) => waits.has(name.trim().toLowerCase()))) },
    };
  },
};

/** Whether an order's params order anything besides renewals: products, domains to register or transfer, add-ons. */
export function ordersMoreThanRenewals(params: StoredParams): boolean {
  return ['pid', 'domaintype', 'addonid', 'addonids'].some((field) => {
    const value = params[field];
    return value !== undefined && (!Array.isArray(value) || value.length > 0);
  });
}

function renewedDomains(renewals: Extract<EntryBase, { of: 'order' }>['renewals'], now: ProviderState): RenewedDomain[] {
  const renewed: RenewedDomain[] = [];
  for (const [name, was] of Object.entries(renewals)) {
    const domain = now.domains?.get(name);
    const moved = domain !== undefined && (domain.expiryDate !== was.expiryDate || domain.nextDueDate !== was.nextDueDate);
    // Any renewal order pending now waits, also one known when the renewal was queued: nothing is billed twice unasked.
    const pending = now.pendingRenewals?.get(name) ?? [];
    if (moved || pending.length > 0) renewed.push({ domain: name, expiryDate: { was: was.expiryDate, now: domain?.expiryDate ?? was.expiryDate }, pendingOrders: pending });
  }
  return renewed;
}

function heldNames(names: readonly string[], now: ProviderState): HeldName[] {
  return names.flatMap((name) => {
    const domain = now.domains?.get(name);
    if (!domain || !holdsName(domain.status)) return [];
    return [{ domain: name, status: domain.status, regDate: domain.regDate }];
  });
}
