/** The pure parts of the invoice form (both tax levels, every status) and of a ticket form (authorship: markdown, contact or non-client; a department's custom fields). */
import { describe, expect, it } from 'vitest';
import { blankLine, invoiceDraft, invoiceTotals, lineTaxed, ratesTaxingNothing, readInvoice, type InvoiceDraft } from '../../../renderer/src/components/forms/invoice-draft';
import { separatorsOf } from '../../../shared/typed-number';
import { authorProblems, authorship } from '../../../renderer/src/components/forms/ticket-authorship';
import { customFieldNamedIn, customFieldParams, missingCustomFields, queuedCustomFields } from '../../../renderer/src/components/forms/ticket-custom-fields';

describe('the invoice form', () => {
  const en = separatorsOf('en');
  const it_ = separatorsOf('it');
  const params = (draft: InvoiceDraft, separators = en) => readInvoice(draft, separators).params;

  it('sends both tax rates when given and any status the provider accepts', () => {
    const draft = { ...invoiceDraft(new Date(2026, 10, 27)), status: 'Payment Pending' as const, taxrate: '22', taxrate2: '5,5' };
    draft.items = [{ description: 'Hosting', amount: '100,00', taxed: true }];
    expect(params(draft, it_)).toMatchObject({ status: 'Payment Pending', taxrate: 22, taxrate2: 5.5, items: [{ amount: '100.00' }] });
    expect(params({ ...draft, status: 'Draft' }, it_)).toMatchObject({ draft: true });
    expect(params({ ...draft, taxrate2: '' }, it_)).not.toHaveProperty('taxrate2');
  });

  it('shows each level of tax apart, and no totals while a rate or an amount cannot be read', () => {
    const draft = { ...invoiceDraft(), taxrate: '22', taxrate2: '4', items: [{ description: 'Hosting', amount: '100', taxed: true }, { description: 'Fee', amount: '5', taxed: false }] };
    expect(invoiceTotals(readInvoice(draft, en))).toEqual({ subtotal: 10500, tax: 2200, tax2: 400, total: 13100 });
    expect(invoiceTotals(readInvoice({ ...draft, taxrate2: 'four' }, en))).toBeNull();
    expect(readInvoice({ ...draft, taxrate2: 'four' }, en).problems).toEqual({ taxrate2: 'notNumber' });
  });

  it('reads amounts in the person’s format and names the line it cannot read', () => {
    const draft = { ...invoiceDraft(), items: [{ description: 'Hosting', amount: '1.250,50' }, { description: 'Fee', amount: '1250,50' }] };
    expect(readInvoice(draft, it_).params.items.map((i) => i.amount)).toEqual(['1250.50', '1250.50']);
    expect(readInvoice(draft, en).problems).toEqual({ 'items[0].amount': 'grouping', 'items[1].amount': 'grouping' });
    expect(readInvoice({ ...draft, items: [{ description: 'Hosting', amount: '1,250.50' }] }, en).params.items[0]!.amount).toBe('1250.50');
  });

  it('taxes a line the person has not ticked while a rate is set, and says when rates tax no line', () => {
    const draft = { ...invoiceDraft(), items: [blankLine(), blankLine()] };
    draft.items[0]!.description = 'Hosting';
    draft.items[0]!.amount = '100';
    draft.items[1]!.description = 'Domain';
    draft.items[1]!.amount = '10';
    expect(lineTaxed(draft, draft.items[0]!)).toBe(false);
    const taxed = { ...draft, taxrate: '22', taxrate2: '4' };
    expect(lineTaxed(taxed, taxed.items[0]!)).toBe(true);
    expect(invoiceTotals(readInvoice(taxed, en))).toEqual({ subtotal: 11000, tax: 2420, tax2: 440, total: 13860 });
    expect(ratesTaxingNothing(readInvoice(taxed, en))).toEqual([]);
    const untaxed = { ...taxed, items: taxed.items.map((line) => ({ ...line, taxed: false })) };
    expect(ratesTaxingNothing(readInvoice(untaxed, en))).toEqual([22, 4]);
    expect(ratesTaxingNothing(readInvoice({ ...untaxed, taxrate: '0', taxrate2: '' }, en))).toEqual([]);
  });
});

describe('a ticket’s authorship', () => {
  const holder = { contactid: null, nonClient: false, name: '', email: '' };

  it('sends markdown only when on and the contact only when one is chosen', () => {
    expect(authorship(true, { ...holder, contactid: 12 })).toEqual({ markdown: true, contactid: 12 });
    expect(authorship(false, holder)).toEqual({});
    expect(authorship(true, { ...holder, contactid: 'local:3' })).toEqual({ markdown: true, contactid: 'local:3' });
  });

  it('sends a non-client\'s name and e-mail, trimmed, instead of a contact', () => {
    const guest = { contactid: 12, nonClient: true, name: ' Ada Guest ', email: 'ada@example.org ' };
    expect(authorship(false, guest)).toEqual({ name: 'Ada Guest', email: 'ada@example.org' });
  });

  it('finds a non-client\'s name or e-mail missing, or an e-mail that is not one', () => {
    const words = { required: 'is required', email: 'must be an e-mail address' };
    expect(authorProblems({ ...holder, nonClient: true }, words)).toEqual({ name: 'is required', email: 'is required' });
    expect(authorProblems({ ...holder, nonClient: true, name: 'Ada', email: 'ada@' }, words)).toEqual({ email: 'must be an e-mail address' });
    expect(authorProblems({ ...holder, name: '', email: 'x' }, words)).toEqual({});
  });
});

describe('a department\'s custom fields in a ticket form', () => {
  const fields = [
    { id: 1, name: 'Server hostname', type: 'text', options: [], required: true },
    { id: 2, name: 'Service', type: 'dropdown', options: ['Email', 'VPS'], required: false },
  ];

  it('finds each required field left empty, under its own key', () => {
    expect(missingCustomFields(fields, [{ id: 1, value: '  ' }], 'is required')).toEqual({ 'customfield:1': 'is required' });
    expect(missingCustomFields(fields, [{ id: 1, value: 'web01' }], 'is required')).toEqual({});
  });

  it('sends the department\'s filled fields by id, trimmed, leaving out another department\'s and empty ones', () => {
    expect(customFieldParams(fields, [{ id: 1, value: ' web01 ' }, { id: 2, value: '' }, { id: 9, value: 'other' }])).toEqual({ customfields: { 1: 'web01' } });
    expect(customFieldParams(fields, [])).toEqual({});
  });

  it('sends a tickbox unticked as empty only when asked (a reply\'s update), never one left alone', () => {
    const withTick = [...fields, { id: 3, name: 'After a change', type: 'tickbox', options: [], required: false }];
    expect(customFieldParams(withTick, [{ id: 3, value: '' }], true)).toEqual({ customfields: { 3: '' } });
    expect(customFieldParams(withTick, [{ id: 3, value: '' }])).toEqual({});
    expect(customFieldParams(withTick, [{ id: 2, value: '' }], true)).toEqual({});
  });

  it('reads a queued entry\'s values back as the form holds them, and sends them again as it was queued', () => {
    const queued = { 1: 'web01', 2: 'VPS' };
    expect(queuedCustomFields(queued)).toEqual([{ id: 1, value: 'web01' }, { id: 2, value: 'VPS' }]);
    expect(customFieldParams(fields, queuedCustomFields(queued))).toEqual({ customfields: queued });
    expect(queuedCustomFields(undefined)).toEqual([]);
    expect(queuedCustomFields({ x: 'not an id' })).toEqual([]);
  });

  it('finds the field the provider\'s refusal names: by its name as a whole word, the longer of two, or by its id', () => {
    const more = [{ id: 3, name: 'Server', type: 'text', options: [], required: false }, ...fields, { id: 4, name: 'Invoice number', type: 'text', options: [], required: true }];
    expect(customFieldNamedIn(more, 'Server hostname is required')?.id).toBe(1);
    expect(customFieldNamedIn(more, 'Service must be one of: Email, VPS')?.id).toBe(2);
    expect(customFieldNamedIn(more, 'invoice number is required')?.id).toBe(4);
    expect(customFieldNamedIn(more, 'Custom field 3 is not a field of this department')?.id).toBe(3);
    expect(customFieldNamedIn(more, 'Services are down')).toBeUndefined();
    expect(customFieldNamedIn(more, 'Subject is required')).toBeUndefined();
    expect(customFieldNamedIn(more, undefined)).toBeUndefined();
  });
});
