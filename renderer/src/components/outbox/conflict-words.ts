/**
 * Why an entry waits because the provider changed its record meanwhile (shared/outbox/conflict.ts), in the
 * person's words: per field, its label as the forms name it with the original, the provider's and the person's
 * values formatted as the lists show them; for the other kinds, one sentence each (a renewal of a domain renewed
 * meanwhile, a reply to a ticket closed since, a bulk edit's contact that left its filter). Pure: the screen's
 * wording comes in (use-conflict-words.ts gives the app's).
 */
import type { EntryConflict, FieldValue } from '../../../../shared/outbox/conflict';

export interface ConflictField {
  field: string;
  label: string;
  original: string;
  theirs: string;
  /** Null for a delete (nothing of the person's to show). */
  yours: string | null;
}

export interface ConflictWords {
  /**
   * The heading, short enough for the Outbox's reason column: changed since you edited it, no longer in the bulk
   * edit's filter, changed since you asked to delete it, a renewal already there, a name now held, closed.
   */
  title: string;
  /** The reason in a few words for the Outbox's column: which fields both sides changed, else the title. */
  summary: string;
  fields: ConflictField[];
  /** Sentences for what is not a field (renewals, names now held, a closed ticket, a filter left). */
  lines: string[];
  /** The two choices in the conflict's words: Keep mine / Take theirs, Renew again / Don't renew, Delete anyway / Don't delete… */
  mine: string;
  theirs: string;
  /** Whether the choices are per field (Keep mine / Take theirs), so that their hints say over which values. */
  perField: boolean;
}

/** What wording a conflict needs from the screen: its messages, a field's label, a yes / no, a date. */
export interface ConflictWording {
  t: (key: string, named?: Record<string, unknown>) => string;
  locale: string;
  labelOf: (param: string) => string;
  bool: (value: boolean) => string;
  date: (value: string | null) => string;
}

export function conflictWords(conflict: EntryConflict, { t, locale, labelOf, bool, date }: ConflictWording): ConflictWords {
  function shown(value: FieldValue | null): string {
    if (typeof value === 'boolean') return bool(value);
    return value === null || value === '' ? t('outbox.conflict.none') : value;
  }

  /** A country by its name in the app's language ("Germany" for DE); other values as they are. */
  function filterValue(field: string, value: string): string {
    if (field !== 'country' || !/^[A-Z]{2}$/i.test(value)) return shown(value);
    return new Intl.DisplayNames([locale], { type: 'region' }).of(value.toUpperCase()) ?? value;
  }

  switch (conflict.reason) {
    case 'fields': {
      // A bulk edit's contact that left its filter, and nothing else: whether to edit it anyway.
      const leftFilter = conflict.fields.length === 0 && conflict.unmatched.length > 0;
      const unmatched = conflict.unmatched.map((m) =>
        t(m.field === 'country' ? 'outbox.conflict.unmatchedCountry' : 'outbox.conflict.unmatched', {
          now: m.field === 'country' ? filterValue(m.field, m.now) : `${labelOf(m.field)} ${shown(m.now)}`,
          wanted: m.field === 'country' ? filterValue(m.field, m.wanted) : `${labelOf(m.field)} ${shown(m.wanted)}`,
        }),
      );
      const title = t(leftFilter ? 'outbox.conflict.leftFilter' : 'outbox.conflict.title');
      return {
        title,
        summary: conflict.fields.length > 0 ? t('outbox.conflict.bothChanged', { fields: conflict.fields.map((f) => labelOf(f.field)).join(', ') }) : title,
        fields: conflict.fields.map((f) => ({ field: f.field, label: labelOf(f.field), original: shown(f.original), theirs: shown(f.theirs), yours: shown(f.yours) })),
        mine: t(leftFilter ? 'outbox.conflict.editAnyway' : 'outbox.conflict.keepMine'),
        theirs: t(leftFilter ? 'outbox.conflict.leaveIt' : 'outbox.conflict.takeTheirs'),
        perField: !leftFilter,
        lines: [
          ...(leftFilter ? unmatched.map((line) => t('outbox.conflict.editAnywayQuestion', { line })) : unmatched),
          ...(conflict.sent.length ? [t('outbox.conflict.sentMeanwhile', { fields: conflict.sent.map(labelOf).join(', ') })] : []),
        ],
      };
    }
    case 'deleted-changed':
      return {
        title: t('outbox.conflict.deleteChanged'),
        summary: t('outbox.conflict.deleteChanged'),
        fields: conflict.fields.map((f) => ({ field: f.field, label: labelOf(f.field), original: shown(f.original), theirs: shown(f.theirs), yours: null })),
        lines: [],
        mine: t('outbox.conflict.deleteAnyway'),
        theirs: t('outbox.conflict.dontDelete'),
        perField: false,
      };
    case 'order': {
      // Said as what it does when the order only renews, or only registers names now held.
      const only = conflict.held.length === 0 ? 'renewal' : conflict.renewed.length === 0 ? 'held' : null;
      const title = t(only === 'renewal' ? 'outbox.conflict.renewalTitle' : only === 'held' ? 'outbox.conflict.heldTitle' : 'outbox.tabs.conflict');
      return {
        title,
        summary: title,
        fields: [],
        mine: t(only === 'renewal' ? 'outbox.conflict.renewAgain' : only === 'held' ? 'outbox.conflict.orderAnyway' : 'outbox.conflict.sendAnyway'),
        theirs: t(only === 'renewal' ? 'outbox.conflict.dontRenew' : only === 'held' ? 'outbox.conflict.dontOrder' : 'outbox.conflict.dontSend'),
        perField: false,
        lines: [
          ...conflict.renewed.map((r) =>
            r.expiryDate.now !== r.expiryDate.was
              ? t('outbox.conflict.renewedNoDate', { domain: r.domain, expiry: date(r.expiryDate.now) })
              : t('outbox.conflict.renewalPending', { domain: r.domain }),
          ),
          ...conflict.held.map((h) => t('outbox.conflict.held', { domain: h.domain, status: h.status })),
          ...(conflict.sent.length ? [t('outbox.conflict.renewedMeanwhile', { domains: conflict.sent.join(', ') })] : []),
        ],
      };
    }
    case 'ticket-closed':
      return {
        title: t('outbox.conflict.closedTitle'),
        summary: t('outbox.conflict.closedTitle'),
        fields: [],
        lines: [t('outbox.conflict.ticketClosed')],
        mine: t('outbox.conflict.sendAndReopen'),
        theirs: t('outbox.conflict.dontSend'),
        perField: false,
      };
  }
}
