/** A saved draft's lists are restored only as the form's own items are shaped (issue 35.15). */
import { describe, expect, it } from 'vitest';
import { restoreInto } from '../../../renderer/src/components/forms/drafts';

const fresh = () => ({ subject: '', lines: [{ description: '', amount: '', taxed: false }], tags: ['x'] });

describe('restoreInto', () => {
  it('shapes each saved item on the form’s own: a missing field takes its default, a wrong or unknown one is dropped', () => {
    const draft = fresh();
    restoreInto(draft, { subject: 'Hosting', lines: [{ description: 'One year', amount: 5, extra: true }, { taxed: true }] });
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
    restoreInto(draft, { lines: [{ description: 'ok' }, 5, null], tags: [1] });
    expect(draft.lines).toEqual(fresh().lines);
    expect(draft.tags).toEqual(['x']);
  });
});
