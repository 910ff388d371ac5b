/**
 * Counted words in both languages through vue-i18n's plural forms (issue 22: "1 modificati", "line(s)",
 * "26 byte"), with the app's own messages.
 */
import { createI18n } from 'vue-i18n';
import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en';
import { it as italian } from '../../../renderer/src/i18n/it';
import { fileSize } from '../../../renderer/src/composables/format';

function translator(locale: 'en' | 'it') {
  const i18n = createI18n({ legacy: false, locale, messages: { en, it: italian } });
  return i18n.global.t;
}

describe('file sizes', () => {
  const size = (bytes: number, locale: 'en' | 'it') => {
    const t = translator(locale);
    return fileSize(bytes, locale, (n) => t('common.bytes', { n }, n));
  };

  it('count bytes in words with their plural, kB and MB with Intl', () => {
    expect(size(26, 'en')).toBe('26 bytes');
    expect(size(1, 'en')).toBe('1 byte');
    expect(size(0, 'en')).toBe('0 bytes');
    expect(size(26, 'it')).toBe('26 byte');
    expect(size(14 * 1024, 'en')).toBe('14 kB');
    expect(size(1.2 * 1024 * 1024, 'en')).toBe('1.2 MB');
    expect(size(1.2 * 1024 * 1024, 'it')).toBe('1,2 MB');
  });
});

describe('plural forms', () => {
  it('a sync run counts each change with its own plural', () => {
    const t = translator('it');
    const counts = (added: number, changed: number, removed: number) =>
      t('dashboard.sync.counts', {
        added: t('dashboard.sync.added', { n: added }, added),
        changed: t('dashboard.sync.changed', { n: changed }, changed),
        removed: t('dashboard.sync.removed', { n: removed }, removed),
      });
    expect(counts(1, 1, 0)).toBe('1 nuovo, 1 modificato, 0 rimossi');
    expect(counts(2, 3, 1)).toBe('2 nuovi, 3 modificati, 1 rimosso');
  });

  it('an invoice in the outbox counts its lines', () => {
    expect(translator('en')('outbox.what.create-invoice', { n: 1, total: '$5.00' }, 1)).toBe('New invoice, 1 line, $5.00');
    expect(translator('en')('outbox.what.create-invoice', { n: 3, total: '$5.00' }, 3)).toBe('New invoice, 3 lines, $5.00');
    expect(translator('it')('outbox.what.create-invoice', { n: 1, total: '5,00 $' }, 1)).toBe('Nuova fattura, 1 riga, 5,00 $');
  });
});

describe('codes in words', () => {
  it("a ticket's priority reads in the list, its filter and its detail as in the form: Bassa, Media, Alta", async () => {
    const { tickets } = await import('../../../shared/resources/tickets');
    const view = tickets.view;
    const fields: object[] = [
      ...view.columns.filter((c) => c.field === 'priority'),
      ...view.filters.filter((f) => f.name === 'priority'),
      ...view.detail.flatMap((group) => group.fields.filter((f) => f.field === 'priority')),
    ];
    expect(fields).toHaveLength(3);
    for (const field of fields) expect('words' in field ? field.words : undefined).toBe('priority');
    const t = translator('it');
    for (const code of ['Low', 'Medium', 'High'] as const) expect(t(`lists.words.priority.${code}`)).toBe(t(`forms.ticket.priorities.${code}`));
    expect(t('lists.words.priority.Medium')).toBe('Media');
  });
});
