/**
 * useMutationForm's types and the drafts' pure parts. Besides what runs, this file is checked by the compiler
 * (npm run typecheck): each `@ts-expect-error` line must fail to compile, or the typecheck fails.
 */
import { describe, expect, it } from 'vitest';
import { isDraftKey, keptPart, kindOfDraft } from '../../../shared/outbox/drafts';
import { restoreInto } from '../../../renderer/src/components/forms/drafts';
import type { useMutationForm } from '../../../renderer/src/components/forms/use-mutation-form';

type TicketForm = ReturnType<typeof useMutationForm<'open-ticket', { subject: string }>>;
type ContactForm = ReturnType<typeof useMutationForm<'add-contact' | 'update-contact', { name: string }>>;
type FormOptions = Parameters<typeof useMutationForm<'open-ticket', { subject: string }>>[1];

describe('useMutationForm', () => {
  it("queues its kind's own params, or does not compile", () => {
    const typeChecks = (ticket: TicketForm, contact: ContactForm, deptid: number | undefined, ticketid: string | number) => [
      ticket.queue({ kind: 'open-ticket', params: { deptid: 1, subject: 's', message: 'm', priority: 'High' } }),
      // @ts-expect-error a department may be missing: the form must refuse that itself
      ticket.queue({ kind: 'open-ticket', params: { deptid, subject: 's', message: 'm' } }),
      // @ts-expect-error open-ticket takes no ticketid
      ticket.queue({ kind: 'open-ticket', params: { deptid: 1, subject: 's', message: 'm', ticketid: 4 } }),
      // @ts-expect-error a ticket form queues tickets, not replies
      ticket.queue({ kind: 'add-ticket-reply', params: { ticketid: 4, message: 'm' } }),
      contact.queue({ kind: 'update-contact', params: { contactid: 'local:3', city: 'Rovereto' } }),
      // @ts-expect-error a kind is one of the form's, not any string
      contact.queue({ kind: String('add-contact'), params: {} }),
      // @ts-expect-error a contact is named by its id or its local id, not any string
      contact.queue({ kind: 'update-contact', params: { contactid: ticketid, city: 'Rovereto' } }),
      ticket.notKeptNote('attachments'),
      // @ts-expect-error the fields a form names are its kind's params
      ticket.notKeptNote('password2'),
    ];
    const fields: FormOptions['fields'] = ['deptid', 'subject', 'attachments'];
    // @ts-expect-error a misspelt field
    const misspelt: FormOptions['fields'] = ['dept_id'];
    expect([typeChecks, fields, misspelt]).toHaveLength(3);
  });
});

describe('drafts', () => {
  it('are named by kind and subject', () => {
    expect(kindOfDraft('add-ticket-reply:local:3')).toBe('add-ticket-reply');
    expect(kindOfDraft('add-order:register:bright-new.com')).toBe('add-order');
    expect(isDraftKey('create-invoice')).toBe(true);
    expect(isDraftKey('pay-invoice:3')).toBe(false);
    expect(isDraftKey('add-contact: 7')).toBe(false);
    expect(isDraftKey(`add-contact:${'x'.repeat(200)}`)).toBe(false);
  });

  it("leave out their kind's secret params (from its definition) and attachments", () => {
    expect(keptPart('add-contact', { text: { firstname: 'Ada' }, subaccount: true, password2: 's3cret' })).toEqual({ text: { firstname: 'Ada' }, subaccount: true });
    expect(keptPart('add-order:transfer:x.com', { term: 'annually', eppcode: 'EPP-1' })).toEqual({ term: 'annually' });
    expect(keptPart('open-ticket', { subject: 's', attachments: [{ name: 'a.txt', data: 'eA==' }] })).toEqual({ subject: 's' });
    // A kind without secrets keeps a field of that name: it is only a secret where the kind says so.
    expect(keptPart('create-invoice', { notes: 'n', eppcode: 'kept' })).toEqual({ notes: 'n', eppcode: 'kept' });
  });

  it('restore what still fits a fresh form, nothing that would break it', () => {
    const fresh = { deptid: null as number | null, subject: '', text: { city: '', country: '' }, items: [{ amount: '' }], attachments: [] };
    restoreInto(fresh, { deptid: 2, subject: 'Mail bounces', text: { city: 'Merano', country: 7 }, items: [{ amount: '3' }, { amount: '4' }], gone: 'x' });
    expect(fresh).toEqual({ deptid: 2, subject: 'Mail bounces', text: { city: 'Merano', country: '' }, items: [{ amount: '3' }, { amount: '4' }], attachments: [] });
  });
});
