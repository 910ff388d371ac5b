/** A contact's draft reopened after its record changed (issue 34, row 2b): untouched fields take the record's values now. */
import { describe, expect, it } from 'vitest';
import { contactDraft, contactParams, rebaseContactDraft } from '../../../renderer/src/components/forms/contact-fields';

const then = {
  id: 7, firstName: 'Ada', lastName: 'Byron', companyName: '', email: 'ada@example.com', phoneNumber: '+44.100', address1: '',
  address2: '', city: 'London', state: '', postcode: '', country: 'GB', generalEmails: false, productEmails: false,
  domainEmails: false, invoiceEmails: true, supportEmails: false, subaccount: false,
};
/** The draft's base: every field as the mirror had it when the draft was first saved, by param. */
const base = {
  of: 'contact' as const,
  updatedAt: '2026-11-01 10:00:00',
  fields: { firstname: 'Ada', lastname: 'Byron', email: 'ada@example.com', phonenumber: '+44.100', city: 'London', country: 'GB', invoiceemails: true, generalemails: false, subaccount: false },
};

describe('rebaseContactDraft', () => {
  it('keeps what the person typed and takes the provider’s value where they typed nothing; only their change is sent', () => {
    const draft = contactDraft(then);
    draft.text.city = 'Rovereto';
    const now = { ...then, phoneNumber: '+44.200', invoiceEmails: false, generalEmails: true, city: 'Leeds' };
    rebaseContactDraft(draft, base, now);
    expect(draft.text.phonenumber).toBe('+44.200');
    expect(draft.emails).toMatchObject({ invoiceemails: false, generalemails: true });
    expect(draft.text.city).toBe('Rovereto');
    expect(contactParams(draft, now)).toEqual({ city: 'Rovereto' });
  });

  it('leaves a draft alone for a base of another kind', () => {
    const draft = contactDraft(then);
    rebaseContactDraft(draft, { of: 'ticket', status: 'Open', lastReply: null }, { ...then, phoneNumber: '+44.200' });
    expect(draft.text.phonenumber).toBe('+44.100');
  });
});
