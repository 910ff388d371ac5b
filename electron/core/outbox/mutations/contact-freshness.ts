/**
 * update-contact and delete-contact against what the provider holds. Per field the edit sets (mine), its base
 * (original) and the provider's (theirs):
 * - mine = theirs: nothing to send (both made the same change, or nobody changed it);
 * - theirs = original: only the person changed it: sent;
 * - mine = original: only the provider changed it (a draft's stale field, issue 34 row 2b): theirs kept;
 * - all three differ: it waits for the person, while the fields that do not conflict go.
 * A bulk edit's contact that no longer matches the edit's filter waits whole; so does a delete of a contact
 * changed since.
 */
import type { EntryBase, FieldChange, FilterMiss } from '../../../../shared/outbox/conflict.js';
import type { MutationParams } from '../../../../shared/outbox/schemas.js';
import { contactFieldValues, fieldValue, sameValue, type ContactNow, type ProviderState } from '../provider-state.js';
import type { StoredParams } from '../references.js';
import { CONTACT_FIELDS } from './contact-fields.js';
import type { BaseContext, Decision, FreshnessRule } from './freshness.js';

type ContactBase = Extract<EntryBase, { of: 'contact' }>;

/** The base of an edit or delete of `contactid`: its `updated_at`, and the values of `fields` (all when not given). */
function contactBase(contactid: MutationParams<'update-contact'>['contactid'], on: BaseContext, fields?: readonly string[], where?: Record<string, string>): EntryBase | null {
  const contact = typeof contactid === 'number' ? on.contact(contactid) : null;
  if (!contact) return null;
  const values = contactFieldValues(contact);
  const touched = fields ?? Object.keys(values);
  return { of: 'contact', updatedAt: contact.updatedAt, fields: Object.fromEntries(touched.map((param) => [param, values[param]!])), ...(where ? { where } : {}) };
}

function contactNow(params: StoredParams, base: EntryBase, now: ProviderState): { base: ContactBase; contact: ContactNow } | null {
  const contact = now.contacts?.get(Number(params.contactid));
  return base.of === 'contact' && contact ? { base, contact } : null;
}

export const contactEditFreshness: FreshnessRule<MutationParams<'update-contact'>> = {
  base: (params, on) => contactBase(params.contactid, on, Object.keys(params).filter((param) => param in CONTACT_FIELDS), on.where),
  decide(params, stored, now) {
    const found = contactNow(params, stored, now);
    if (!found) return { go: 'send', params };
    const { base, contact } = found;
    const unmatched: FilterMiss[] = Object.entries(base.where ?? {})
      .filter(([field, wanted]) => String(contact.fields[field] ?? '').toUpperCase() !== wanted.toUpperCase())
      .map(([field, wanted]) => ({ field, wanted, now: String(contact.fields[field] ?? '') }));
    const send: StoredParams = {};
    const held: StoredParams = {};
    const conflicts: FieldChange[] = [];
    for (const [param, value] of Object.entries(params)) {
      if (!(param in CONTACT_FIELDS && param in base.fields && param in contact.fields) || value === undefined) {
        send[param] = value;
        continue;
      }
      const mine = fieldValue(param, value);
      const original = base.fields[param]!;
      const theirs = contact.fields[param]!;
      if (sameValue(mine, theirs) || sameValue(mine, original)) continue;
      if (sameValue(theirs, original)) send[param] = value;
      else {
        held[param] = value;
        conflicts.push({ field: param, original, theirs, yours: mine });
      }
    }
    const fieldsSent = Object.keys(send).filter((param) => param in CONTACT_FIELDS);
    // A sub-account's new password goes with the fields (it is never read back, so never compared).
    const sends = fieldsSent.length > 0 || 'password2' in send;
    if (unmatched.length > 0) return { go: 'hold', conflict: { reason: 'fields', fields: conflicts, unmatched, sent: [] }, send: null, held: { ...send, ...held } };
    if (conflicts.length === 0) return sends ? { go: 'send', params: send } : { go: 'nothing', result: { contactId: Number(params.contactid), unchanged: true } };
    return {
      go: 'hold',
      conflict: { reason: 'fields', fields: conflicts, unmatched: [], sent: fieldsSent },
      send: sends ? send : null,
      held: { contactid: params.contactid, ...held },
    };
  },
};

export const contactDeleteFreshness: FreshnessRule<MutationParams<'delete-contact'>> = {
  base: (params, on) => contactBase(params.contactid, on),
  decide(params, stored, now): Decision {
    const found = contactNow(params, stored, now);
    if (!found) return { go: 'send', params };
    const { base, contact } = found;
    const fields: FieldChange[] = Object.entries(base.fields)
      .filter(([param, original]) => param in contact.fields && !sameValue(original, contact.fields[param]))
      .map(([field, original]) => ({ field, original, theirs: contact.fields[field]!, yours: null }));
    if (fields.length === 0) return { go: 'send', params };
    return { go: 'hold', conflict: { reason: 'deleted-changed', fields }, send: null, held: params };
  },
};
