/**
 * How a conflict entry is settled (issue 34): keep mine (its base moves to what the provider holds, so it is
 * sent unless the provider changes it again), take theirs (what conflicts is dropped: the entry ends when
 * nothing of it is left), or edit (new params, made on what the provider holds). Pure.
 */
import type { EntryBase, EntryConflict } from '../../../shared/outbox/conflict.js';
import type { EntryRow } from './entry-row.js';
import { ordersMoreThanRenewals } from './mutations/order-freshness.js';
import type { StoredParams } from './references.js';

/**
 * The entry's base restricted to the params it still holds (a contact edit's other fields, an order's other
 * renewals went meanwhile).
 */
export function baseOfHeld(row: EntryRow, held: StoredParams): EntryBase | null {
  const base = row.base === null ? null : (JSON.parse(row.base) as EntryBase);
  if (base?.of === 'contact' && row.kind === 'update-contact') {
    return { ...base, fields: Object.fromEntries(Object.entries(base.fields).filter(([field]) => field in held)) };
  }
  if (base?.of === 'order') {
    const renewing = new Set(Object.keys((held.domainrenewals ?? {}) as Record<string, number>).map((name) => name.trim().toLowerCase()));
    return { ...base, renewals: Object.fromEntries(Object.entries(base.renewals).filter(([name]) => renewing.has(name))) };
  }
  return base;
}

/** The base an entry is sent on once the person has seen the provider's values (keep mine, or an edit). */
export function rebasedOnTheirs(base: EntryBase | null, conflict: EntryConflict): EntryBase | null {
  if (base === null) return null;
  switch (conflict.reason) {
    case 'fields':
    case 'deleted-changed': {
      if (base.of !== 'contact') return base;
      const fields = { ...base.fields };
      for (const change of conflict.fields) if (change.theirs !== null) fields[change.field] = change.theirs;
      // A contact that no longer matches the bulk edit's filter, sent anyway: the filter is no longer asked.
      const { where: _where, ...rest } = base;
      return { ...(conflict.reason === 'fields' && conflict.unmatched.length > 0 ? rest : base), fields };
    }
    case 'ticket-closed':
      return base.of === 'ticket' ? { ...base, status: conflict.status } : base;
    case 'order': {
      if (base.of !== 'order') return base;
      // Renew or order again, as the person said: those names are no longer checked.
      const renewed = new Set(conflict.renewed.map((r) => r.domain));
      const held = new Set(conflict.held.map((h) => h.domain));
      return { ...base, renewals: Object.fromEntries(Object.entries(base.renewals).filter(([name]) => !renewed.has(name))), names: base.names.filter((n) => !held.has(n)) };
    }
  }
}

/**
 * The params left once the provider's values are taken over the entry's, or null when nothing is left to send
 * (the entry then ends). A contact edit holds only its conflicting fields, a delete, a reply and a bulk edit's
 * unmatched contact are wholly the conflict; an order keeps its other items but the renewals the provider
 * made, and ends whole when it registers or transfers a name the account holds now (its products and
 * domains are parallel lists: a name is not taken out of them).
 */
export function withoutTheirs(params: StoredParams, conflict: EntryConflict): StoredParams | null {
  if (conflict.reason !== 'order' || conflict.held.length > 0) return null;
  const renewed = new Set(conflict.renewed.map((r) => r.domain));
  const renewals = Object.fromEntries(Object.entries((params.domainrenewals ?? {}) as Record<string, number>).filter(([name]) => !renewed.has(name.trim().toLowerCase())));
  const { domainrenewals: _all, ...rest } = params;
  const left: StoredParams = Object.keys(renewals).length > 0 ? { ...rest, domainrenewals: renewals } : rest;
  return ordersMoreThanRenewals(left) || left.domainrenewals !== undefined ? left : null;
}
