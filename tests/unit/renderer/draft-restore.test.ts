/** A saved draft's lists are restored only as the form's own items are shaped (issue 35.15). */
import { describe, expect, it } from 'vitest';
import { restoreInto } from '../../../renderer/src/components/forms/drafts';

const fresh = () => ({ subject: '', lines: [{ description: '', amount: '', taxed: false }], tags: ['x'] });

describe('restoreInto', () => {
  it('shapes each saved item on the form’s own: a missing field takes its default, a wrong or unknown one is dropped', () => {
    const draft = fresh();
    const unread = restoreInto(draft, { subject: 'Hosting', lines: [{ description: 'One year', amount: 5, extra: true }, { taxed: true }] });
    // The number where the form keeps text is said (its draft is set aside); the field the form no longer has is not.
    expect(unread).toEqual(['lines[0].amount']);
    expect(draft).toEqual({
      subject: 'Hosting',
      lines: [
        { description: 'One year', amount: '', taxed: false },
        { description: '', amount: '', taxed: true },
      ],
      tags: ['x'],
    });
  });

  it('keeps the form’s list when a saved item is not of its items’ sort', () => {
    const draft = fresh();
    expect(restoreInto(draft, { lines: [{ description: 'ok' }, 5, null], tags: [1] })).toEqual(['lines', 'tags']);
    expect(draft.lines).toEqual(fresh().lines);
    expect(draft.tags).toEqual(['x']);
  });

  it('reads a draft of the form’s own shape whole, and names a field of another sort, however deep', () => {
    const form = () => ({ subject: '', address: { city: '', country: '' }, markdown: true });
    expect(restoreInto(form(), { subject: 'Mail', address: { city: 'Merano', country: 'IT' }, markdown: false })).toEqual([]);
    expect(restoreInto(form(), { subject: 7, address: { city: ['Merano'] }, markdown: 'yes' })).toEqual(['subject', 'address.city', 'markdown']);
  });
});
