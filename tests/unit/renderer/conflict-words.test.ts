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
    expect(words.summary).toBe('Both changed: E-mail, City');
    expect(words.perField).toBe(true);
    expect(words.fields).toEqual([
      { field: 'email', label: 'E-mail', original: 'a@example.com', theirs: 'b@example.com', yours: 'c@example.com' },
      { field: 'city', label: 'City', original: '(none)', theirs: 'Rome', yours: 'Milan' },
    ]);
    expect(words.lines).toEqual(['Sent meanwhile: Phone']);
    expect([words.mine, words.theirs]).toEqual(['Keep mine', 'Take theirs']);
  });

  it('a bulk edit’s contact that left its filter, by the country’s name in each language, asked whether to edit it anyway', () => {
    const conflict: EntryConflict = { reason: 'fields', fields: [], unmatched: [{ field: 'country', wanted: 'IT', now: 'DE' }], sent: [], checkedAt: 0 };
    expect(wordsIn('en')(conflict)).toMatchObject({
      title: 'No longer matches the bulk edit',
      summary: 'No longer matches the bulk edit',
      lines: ['Now in Germany; the edit was for contacts in Italy: edit it anyway?'],
      mine: 'Edit it anyway',
      theirs: 'Leave it',
      perField: false,
    });
    expect(wordsIn('it')(conflict).lines).toEqual(['Ora in Germania; la modifica era per i contatti in Italia: modificarlo comunque?']);
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
    expect(wordsIn('en')(order)).toMatchObject({
      summary: 'Renewal already on the provider',
      lines: [
        'cloudhappy.store was renewed on the provider (now expires on 2028-12-13): renew again?',
        'vetplumbing.shop already has a renewal order on the provider: renew again?',
      ],
      mine: 'Renew again',
      theirs: 'Don’t renew',
    });
    // A name now held is ordered anyway or not; an order of both kinds is sent or not.
    const held = { domain: 'taken.example', status: 'Active', regDate: null };
    expect(wordsIn('en')({ ...order, renewed: [], held: [held] })).toMatchObject({ summary: 'Now in your account', mine: 'Order anyway', theirs: 'Don’t order' });
    expect(wordsIn('en')({ ...order, held: [held] })).toMatchObject({ summary: 'Changed on the provider', mine: 'Send anyway', theirs: 'Don’t send' });
    expect(wordsIn('en')({ reason: 'ticket-closed', status: 'Closed', was: 'Open', checkedAt: 0 })).toMatchObject({
      lines: ['This ticket was closed on the provider; send and reopen it?'],
      mine: 'Send and reopen',
    });
    expect(wordsIn('it')({ reason: 'ticket-closed', status: 'Closed', was: 'Open', checkedAt: 0 }).mine).toBe('Invia e riapri');
  });
});
