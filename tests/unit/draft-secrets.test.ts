/** A draft's secret fields never reach the disk, wherever a form keeps them (issue 35.16). */
import { describe, expect, it } from 'vitest';
import { keptPart } from '../../shared/outbox/drafts.js';

describe('keptPart', () => {
  it('leaves out secret fields nested in a group of fields or in a list’s items, and attached files anywhere', () => {
    expect(
      keptPart('add-contact', {
        text: { firstname: 'Ada', password2: 's3cret' },
        password2: 'top',
        rows: [{ password2: 'in a list', email: 'ada@example.com' }],
      }),
    ).toEqual({ text: { firstname: 'Ada' }, rows: [{ email: 'ada@example.com' }] });
    expect(keptPart('add-order:cart', { lines: [{ key: 'a', eppcode: 'EPP-1', rootpw: 'pw', domain: { name: 'x.com' } }], eppcode: { a: 'EPP-1' } })).toEqual({
      lines: [{ key: 'a', domain: { name: 'x.com' } }],
    });
    expect(keptPart('open-ticket', { message: 'hi', nested: { attachments: [{ data: 'AAAA' }] } })).toEqual({ message: 'hi', nested: {} });
  });
});
