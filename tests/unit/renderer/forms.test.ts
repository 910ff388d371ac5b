/** The pure parts of the renderer's forms: what a contact form sends, and where an engine refusal lands. */
import { describe, expect, it } from 'vitest';
import { DeskCallError } from '../../../shared/bridge';
import { errorFactsOf, errorWords } from '../../../shared/error-words';
import { contactDraft, contactParams, needsPassword } from '../../../renderer/src/components/forms/contact-fields';
import { entryFields, entryValues, fixedParams } from '../../../renderer/src/components/forms/entry-fields';
import { separatorsOf } from '../../../shared/typed-number';
import { formErrors } from '../../../renderer/src/components/forms/form-errors';

const record = {
  id: 7, firstName: 'Ada', lastName: 'Byron', companyName: '', email: 'ada@example.com', phoneNumber: '', address1: '',
  address2: '', city: 'London', state: '', postcode: '', country: 'GB', generalEmails: false, productEmails: false,
  domainEmails: false, invoiceEmails: true, supportEmails: false,
};

describe('contactParams', () => {
  it('sends only what an edit changed, trimmed, with the country in capitals', () => {
    const draft = contactDraft(record);
    draft.text.city = '  Rovereto ';
    draft.text.country = 'it';
    draft.emails.invoiceemails = false;
    expect(contactParams(draft, record)).toEqual({ city: 'Rovereto', country: 'IT', invoiceemails: false });
  });

  it('sends nothing for an edit that changed nothing, and can clear a field', () => {
    expect(contactParams(contactDraft(record), record)).toEqual({});
    const draft = contactDraft(record);
    draft.text.city = '';
    expect(contactParams(draft, record)).toEqual({ city: '' });
  });

  it('sends every given field of a new contact and only the e-mails switched on', () => {
    const draft = contactDraft(null);
    draft.text.firstname = 'Grace';
    draft.text.email = 'grace@example.com';
    draft.emails.supportemails = true;
    expect(contactParams(draft, null)).toEqual({ firstname: 'Grace', email: 'grace@example.com', supportemails: true });
  });
});

describe('a contact as a sub-account', () => {
  it('a new one is a sub-account by its password alone; without one it cannot be', () => {
    const draft = contactDraft(null);
    draft.text.email = 'ops@example.com';
    draft.subaccount = true;
    expect(needsPassword(draft, null)).toBe(true);
    draft.password2 = 's3cret';
    expect(needsPassword(draft, null)).toBe(false);
    expect(contactParams(draft, null)).toEqual({ email: 'ops@example.com', password2: 's3cret' });
  });

  it('an existing one keeps its password unless a new one is typed, and can stop being one', () => {
    const sub = { ...record, subaccount: true };
    const draft = contactDraft(sub);
    expect(draft.subaccount).toBe(true);
    expect(needsPassword(draft, sub)).toBe(false);
    expect(contactParams(draft, sub)).toEqual({});
    draft.password2 = 'n3w';
    expect(contactParams(draft, sub)).toEqual({ password2: 'n3w' });
    draft.subaccount = false;
    expect(contactParams(draft, sub)).toEqual({ subaccount: false });
    // Becoming one needs a password.
    const plain = contactDraft(record);
    plain.subaccount = true;
    expect(needsPassword(plain, record)).toBe(true);
  });
});

describe('formErrors', () => {
  /** The words' key (and the engine's sentence where it is the words), as the renderer's say() picks them. */
  const say = (error: unknown) => {
    const words = errorWords(errorFactsOf(error));
    return words.params.message ? `${words.key}: ${words.params.message}` : words.key;
  };
  const refusal = (issues: { field: string; message: string }[]) =>
    new DeskCallError({ code: 'invalid_input', message: 'add-contact: …', issues });

  it('puts each issue under its field and a nested one under its head, naming the item', () => {
    const errors = formErrors(
      refusal([
        { field: 'email', message: 'must be an e-mail address' },
        { field: 'attachments[1].name', message: '.exe files cannot be attached' },
      ]),
      ['email', 'attachments'],
      say,
    );
    expect(errors).toMatchObject({ fields: { email: 'must be an e-mail address', attachments: '[1].name: .exe files cannot be attached' }, general: null });
  });

  it('says above the buttons what names no field of the form, and a refusal without issues in its own words', () => {
    expect(formErrors(refusal([{ field: 'tax_id', message: 'is not allowed' }]), ['email'], say).general).toBe('tax_id: is not allowed');
    const reset = { kind: 'network' as const, code: 'ECONNRESET', detail: 'add-contact: no reply (ECONNRESET: socket hang up)' };
    expect(formErrors(new DeskCallError({ code: 'offline', message: 'The provider cannot be reached', facts: reset }), ['email'], say)).toMatchObject({
      fields: {},
      general: 'closed',
    });
  });
});

describe('entryFields / fixedParams', () => {
  const italian = separatorsOf('it');
  const params = { contactid: 7, country: 'ZZ', generalemails: true, password2: '••••', notes: 'x', items: [{ description: 'a', amount: '1' }], taxrate: 22 };

  it('offers the values to fix, not the ids, lists or attachments; a masked secret as a secret', () => {
    expect(entryFields(params, '••••')).toEqual([
      { param: 'country', kind: 'text' },
      { param: 'generalemails', kind: 'flag' },
      { param: 'password2', kind: 'secret' },
      { param: 'notes', kind: 'long' },
      { param: 'taxrate', kind: 'number' },
    ]);
  });

  it('does not offer an order’s shown price, the app’s own note that is never sent', () => {
    expect(entryFields({ promocode: 'X', paymentmethod: 'paypal', shownprice: '12.00', pid: [4] }, '••••').map((f) => f.param)).toEqual(['promocode', 'paymentmethod']);
  });

  it('shows numbers in the person’s format and puts the fixed values back, numbers as numbers, the rest as queued', () => {
    const fields = entryFields(params, '••••');
    expect(entryValues({ ...params, taxrate: 21.5 }, fields, italian)).toMatchObject({ taxrate: '21,5', generalemails: true, country: 'ZZ' });
    expect(fixedParams(params, fields, { country: 'AT', generalemails: false, password2: '••••', notes: 'x', taxrate: '21,5' }, italian)).toEqual({
      ...params,
      country: 'AT',
      generalemails: false,
      taxrate: 21.5,
    });
    // Not a number: left as typed, for the engine to refuse with its own message.
    expect(fixedParams(params, fields, { taxrate: 'lots' }, italian).taxrate).toBe('lots');
    // 21.5 is not Italian: left as typed too, never read as 215.
    expect(fixedParams(params, fields, { taxrate: '21.5' }, italian).taxrate).toBe('21.5');
    expect(fixedParams(params, fields, { taxrate: '21.5' }, separatorsOf('en')).taxrate).toBe(21.5);
  });
});

describe('engine messages in the person\'s language', () => {
  it('every message of the catalogue has words in both languages', async () => {
    const { ISSUE_MESSAGES } = await import('../../../shared/outbox/issue-messages');
    const { en } = await import('../../../renderer/src/i18n/en');
    const { it: italian } = await import('../../../renderer/src/i18n/it');
    expect(Object.keys(en.forms.issues).sort()).toEqual(Object.keys(ISSUE_MESSAGES).sort());
    expect(Object.keys(italian.forms.issues).sort()).toEqual(Object.keys(ISSUE_MESSAGES).sort());
  });

  it('a refusal of the engine reads in Italian under its field, the file name rule with its bar', async () => {
    const { i18n } = await import('../../../renderer/src/i18n');
    i18n.global.locale.value = 'it';
    try {
      const refusal = new DeskCallError({
        code: 'invalid_input',
        message: 'add-contact: email: must be an e-mail address',
        issues: [
          { field: 'email', message: 'must be an e-mail address' },
          { field: 'attachments[0].name', message: 'must be a file name without /, \\ or |' },
          { field: 'country', message: 'Invalid Country Code' },
        ],
      });
      const errors = formErrors(refusal, ['email', 'attachments', 'country'], (e) => (e instanceof Error ? e.message : String(e)));
      expect(errors.fields.email).toBe('deve essere un indirizzo e-mail');
      expect(errors.fields.attachments).toMatch(/: deve essere un nome di file senza \/, \\ o \|$/);
      // The provider's own words have no key: they stay as it wrote them.
      expect(errors.fields.country).toBe('Invalid Country Code');
    } finally {
      i18n.global.locale.value = 'en';
    }
  });
});
