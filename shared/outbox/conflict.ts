/**
 * When the provider changed meanwhile (issue 34): what an entry was made on (its base), and what waits for the
 * person when the provider's record moved since (its conflict). The engine keeps the base with the entry when it
 * is queued (electron/core/outbox/bases.ts), reads the provider's records before sending (freshness.ts) and
 * decides per field (decide.ts); these are the facts a front end words.
 */

/** A contact field's value as update-contact's params name and carry it. */
export type FieldValue = string | boolean;

/**
 * What an entry was made on, per kind:
 * - contact (update-contact, delete-contact): the record's `updated_at` as the provider gave it, and the values
 *   of the fields the entry touches (all of them for a delete). `where`: a bulk edit's filter on the contacts'
 *   own fields (`country: 'IT'`): a contact that no longer matches it is held.
 * - ticket (add-ticket-reply): its status and last reply.
 * - order (add-order): per domain it renews, its expiry, next due date and the renewal orders pending for it;
 *   per name it registers or transfers, that the account did not hold it.
 */
export type EntryBase =
  | { of: 'contact'; updatedAt: string | null; fields: Record<string, FieldValue>; where?: Record<string, string> }
  | { of: 'ticket'; status: string; lastReply: string | null }
  | { of: 'order'; renewals: Record<string, RenewalBase>; names: string[] };

export interface RenewalBase {
  expiryDate: string | null;
  nextDueDate: string | null;
  /** Orders already pending on the provider that renew it (their ids), when the renewal was queued. */
  pendingOrders: number[];
}

/** A field as it was (original), as the provider has it now (theirs) and as the entry has it (yours; null for a delete). */
export interface FieldChange {
  field: string;
  original: FieldValue | null;
  theirs: FieldValue | null;
  yours: FieldValue | null;
}

/** A field of a bulk edit's filter the contact no longer matches: `country` wanted 'IT', now 'DE'. */
export interface FilterMiss {
  field: string;
  wanted: string;
  now: string;
}

/** A domain the entry renews that the provider renewed meanwhile, or has a renewal order pending for. */
export interface RenewedDomain {
  domain: string;
  expiryDate: { was: string | null; now: string | null };
  /** Renewal orders pending on the provider for it (the base's `pendingOrders` says which were known when it was queued). */
  pendingOrders: number[];
}

/** A name the entry registers or transfers that the account now holds. */
export interface HeldName {
  domain: string;
  status: string;
  regDate: string | null;
}

/**
 * Why an entry waits for the person, as facts:
 * - fields: both sides changed a field differently (`fields`), or a bulk edit's contact no longer matches its
 *   filter (`unmatched`); `sent` names the fields of the same entry that went meanwhile (they are not held back).
 * - deleted-changed: a delete of a record changed since (`fields`: original → theirs).
 * - order: renewals of domains renewed meanwhile, registrations or transfers of names the account now holds;
 *   `sent` names the domains of the same order renewed meanwhile (an order of renewals alone holds only those).
 * - ticket-closed: a reply to a ticket closed since it was written.
 */
export type EntryConflict = (
  | { reason: 'fields'; fields: FieldChange[]; unmatched: FilterMiss[]; sent: string[] }
  | { reason: 'deleted-changed'; fields: FieldChange[] }
  | { reason: 'order'; renewed: RenewedDomain[]; held: HeldName[]; sent: string[] }
  | { reason: 'ticket-closed'; status: string; was: string }
) & {
  /** When the provider's state was read (epoch ms). */
  checkedAt: number;
};

/** How the person settles a conflict: send theirs over (mine), or drop what conflicts (theirs). Edit is outbox.edit. */
export const CONFLICT_CHOICES = ['mine', 'theirs'] as const;
export type ConflictChoice = (typeof CONFLICT_CHOICES)[number];

/** The conflict in one English sentence: the command line's and the log's (screens word the facts themselves). */
export function conflictSentence(conflict: EntryConflict): string {
  switch (conflict.reason) {
    case 'fields': {
      const parts = [
        ...conflict.fields.map((f) => `${f.field}: ${shown(f.original)} → theirs ${shown(f.theirs)} / yours ${shown(f.yours)}`),
        ...conflict.unmatched.map((m) => `${m.field} is now ${shown(m.now)}; the edit was for ${shown(m.wanted)}`),
      ];
      return `Changed on the provider since you edited it (${parts.join('; ')})${conflict.sent.length ? `; sent meanwhile: ${conflict.sent.join(', ')}` : ''}`;
    }
    case 'deleted-changed':
      return `Changed on the provider since you asked to delete it (${conflict.fields.map((f) => `${f.field}: ${shown(f.original)} → ${shown(f.theirs)}`).join('; ')}): delete anyway?`;
    case 'order':
      return [
        ...conflict.renewed.map((r) =>
          r.expiryDate.now !== r.expiryDate.was
            ? `${r.domain} was renewed on the provider (now expires ${r.expiryDate.now ?? 'unknown'}): renew again?`
            : `${r.domain} already has a renewal order on the provider (${r.pendingOrders.map((id) => `#${id}`).join(', ')}): renew again?`,
        ),
        ...conflict.held.map((h) => `${h.domain} is now in your account (${h.status}): order it again?`),
        ...(conflict.sent.length ? [`Renewed meanwhile: ${conflict.sent.join(', ')}.`] : []),
      ].join(' ');
    case 'ticket-closed':
      return 'This ticket was closed on the provider; send and reopen it?';
  }
}

function shown(value: FieldValue | null): string {
  if (value === null) return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === '' ? '(empty)' : `"${value}"`;
}
