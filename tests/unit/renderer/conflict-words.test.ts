/**
 * Why an entry waits because the provider changed its record meanwhile, in the person's words (issue 34), in
 * English and Italian: per field with its form's label, a bulk edit's contact that left its filter by the
 * country's name, a renewal of a domain renewed meanwhile, a reply to a ticket closed since.
 */
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { it as italian } from '../../../renderer/src/i18n/it';
import { conflictWords } from '../../../renderer/src/components/outbox/conflict-words';
import type { EntryConflict } from '../../../shared/outbox/conflict';

function wordsIn(locale: 'en' | 'it') {
  const { t } = createI18n({ legacy: false, locale, messages: { en, it: italian } }).global;
  return (conflict: EntryConflict) =>
    conflictWords(conflict, {
      t: (key, named) => t(key, named ?? {}),
      locale,
      labelOf: (param) => t(`forms.contact.fields.${param}`),
      bool: (value) => (value ? 'yes' : 'no'),
      date: (value) => `on ${value}`,
    });
}

describe('a conflict in words', () => {
  it('fields both sides changed: each under its label, empty values said, with Keep mine / Take theirs', () => {
    const words = wordsIn('en')({
      reason: 'fields',
      fields: [{ field: 'email', original: 'a@example.com', theirs: 'b@example.com', yours: 'c@example.com' }, { field: 'city', original: '', theirs: 'Rome', yours: 'Milan' }],
      unmatched: [],
      sent: ['phonenumber'],
      checkedAt: 0,
    });
    expect(words.title).toBe('Changed on the provider since you edited it');
    expect(words.fields).toEqual([
      { field: 'email', label: 'E-mail', original: 'a@example.com', theirs: 'b@example.com', yours: 'c@example.com' },
      { field: 'city', label: 'City', original: '(none)', theirs: 'Rome', yours: 'Milan' },
    ]);
    expect(words.lines).toEqual(['Sent meanwhile: Phone']);
    expect([words.mine, words.theirs]).toEqual(['Keep mine', 'Take theirs']);
  });

  it('a bulk edit’s contact that left its filter, by the country’s name in each language', () => {
    const conflict: EntryConflict = { reason: 'fields', fields: [], unmatched: [{ field: 'country', wanted: 'IT', now: 'DE' }], sent: [], checkedAt: 0 };
    expect(wordsIn('en')(conflict).lines).toEqual(['Now in Germany; the edit was for contacts in Italy']);
    expect(wordsIn('it')(conflict).lines).toEqual(['Ora in Germania; la modifica era per i contatti in Italia']);
  });

  it('a renewal of a domain renewed meanwhile, or with an order pending, asks again; a closed ticket asks to reopen', () => {
    const order: EntryConflict = {
      reason: 'order',
      renewed: [
        { domain: 'cloudhappy.store', expiryDate: { was: '2027-12-13', now: '2028-12-13' }, pendingOrders: [] },
        { domain: 'vetplumbing.shop', expiryDate: { was: '2026-12-19', now: '2026-12-19' }, pendingOrders: [41] },
      ],
      held: [],
      sent: [],
      checkedAt: 0,
    };
    expect(wordsIn('en')(order).lines).toEqual([
      'cloudhappy.store was renewed on the provider (now expires on 2028-12-13): renew again?',
      'vetplumbing.shop already has a renewal order on the provider: renew again?',
    ]);
    expect(wordsIn('en')({ reason: 'ticket-closed', status: 'Closed', was: 'Open', checkedAt: 0 })).toMatchObject({
      lines: ['This ticket was closed on the provider; send and reopen it?'],
      mine: 'Send and reopen',
    });
    expect(wordsIn('it')({ reason: 'ticket-closed', status: 'Closed', was: 'Open', checkedAt: 0 }).mine).toBe('Invia e riapri');
  });
});
