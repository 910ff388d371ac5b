/** The pure parts of the invoice form (both tax levels, every status) and of a ticket's authorship (markdown, contact). */
import { describe, expect, it } from 'vitest';
import { invoiceDraft, invoiceParams, invoiceTotals } from '../../../renderer/src/components/forms/invoice-draft';
import { authorship } from '../../../renderer/src/components/forms/ticket-authorship';

describe('the invoice form', () => {
  it('sends both tax rates when given (a comma as the decimal mark too) and any status the provider accepts', () => {
    const draft = { ...invoiceDraft(new Date(2026, 10, 27)), status: 'Payment Pending' as const, taxrate: '22', taxrate2: '5,5' };
    draft.items = [{ description: 'Hosting', amount: '100.00', taxed: true }];
    expect(invoiceParams(draft)).toMatchObject({ status: 'Payment Pending', taxrate: 22, taxrate2: 5.5 });
    expect(invoiceParams({ ...draft, status: 'Draft' })).toMatchObject({ draft: true });
    expect(invoiceParams({ ...draft, taxrate2: '' })).not.toHaveProperty('taxrate2');
  });

  it('shows each level of tax apart, and no totals while a rate is not a number', () => {
    const draft = { ...invoiceDraft(), taxrate: '22', taxrate2: '4', items: [{ description: 'Hosting', amount: '100', taxed: true }, { description: 'Fee', amount: '5', taxed: false }] };
    expect(invoiceTotals(draft)).toEqual({ subtotal: 10500, tax: 2200, tax2: 400, total: 13100 });
    expect(invoiceTotals({ ...draft, taxrate2: 'four' })).toBeNull();
  });
});

describe('a ticket’s authorship', () => {
  it('sends markdown only when on and the contact only when one is chosen', () => {
    expect(authorship(true, 12)).toEqual({ markdown: true, contactid: 12 });
    expect(authorship(false, null)).toEqual({});
    expect(authorship(true, 'local:3')).toEqual({ markdown: true, contactid: 'local:3' });
  });
});
