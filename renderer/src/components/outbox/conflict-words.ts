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
  /** The heading: changed since you edited it, since you asked to delete it, or (an order, a reply) changed on the provider. */
  title: string;
  fields: ConflictField[];
  /** Sentences for what is not a field (renewals, names now held, a closed ticket, a filter left). */
  lines: string[];
  /** The two choices in the conflict's words: Keep mine / Take theirs, Delete anyway / Don't delete… */
  mine: string;
  theirs: string;
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
    case 'fields':
      return {
        title: t('outbox.conflict.title'),
        fields: conflict.fields.map((f) => ({ field: f.field, label: labelOf(f.field), original: shown(f.original), theirs: shown(f.theirs), yours: shown(f.yours) })),
        mine: t('outbox.conflict.keepMine'),
        theirs: t('outbox.conflict.takeTheirs'),
        lines: [
          ...conflict.unmatched.map((m) =>
            t(m.field === 'country' ? 'outbox.conflict.unmatchedCountry' : 'outbox.conflict.unmatched', {
              now: m.field === 'country' ? filterValue(m.field, m.now) : `${labelOf(m.field)} ${shown(m.now)}`,
              wanted: m.field === 'country' ? filterValue(m.field, m.wanted) : `${labelOf(m.field)} ${shown(m.wanted)}`,
            }),
          ),
          ...(conflict.sent.length ? [t('outbox.conflict.sentMeanwhile', { fields: conflict.sent.map(labelOf).join(', ') })] : []),
        ],
      };
    case 'deleted-changed':
      return {
        title: t('outbox.conflict.deleteChanged'),
        fields: conflict.fields.map((f) => ({ field: f.field, label: labelOf(f.field), original: shown(f.original), theirs: shown(f.theirs), yours: null })),
        lines: [],
        mine: t('outbox.conflict.deleteAnyway'),
        theirs: t('outbox.conflict.dontDelete'),
      };
    case 'order':
      return {
        title: t('outbox.tabs.conflict'),
        fields: [],
        mine: t('outbox.conflict.sendAnyway'),
        theirs: t('outbox.conflict.dontSend'),
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
    case 'ticket-closed':
      return {
        title: t('outbox.tabs.conflict'),
        fields: [],
        lines: [t('outbox.conflict.ticketClosed')],
        mine: t('outbox.conflict.sendAndReopen'),
        theirs: t('outbox.conflict.dontSend'),
      };
  }
}
