/** Params are validated per kind on enqueue and on edit, with errors that name the field. */
import { describe, expect, it } from 'vitest';
import { openOutbox, OutboxValidationError, validateParams, type Mutation } from '../../electron/core/outbox/index.js';
import { outboxFile } from './outbox-fixtures.js';

function issues(kind: string, params: unknown) {
  try {
    validateParams(kind as Mutation['kind'], params);
  } catch (error) {
    expect(error).toBeInstanceOf(OutboxValidationError);
    return (error as OutboxValidationError).issues;
  }
  throw new Error('expected a validation error');
}

describe('validation messages', () => {
  it('names the contact field and what it expects', () => {
    expect(issues('add-contact', { firstname: 'Ada', email: 'ada-at-example' })).toEqual([{ field: 'email', message: 'must be an e-mail address' }]);
    expect(issues('add-contact', { firstname: 'Ada', country: 'Germany' })).toEqual([
      { field: 'country', message: 'must be a 2-letter ISO country code' },
    ]);
    expect(issues('add-contact', { firstname: 'Ada', nickname: 'A' })).toEqual([{ field: '', message: 'unknown field: nickname' }]);
    expect(issues('add-contact', { city: 'Berlin' })).toEqual([
      { field: 'firstname', message: 'give at least a first name, last name, company name or e-mail' },
    ]);
    expect(issues('update-contact', { contactid: 5 })).toEqual([
      { field: 'contactid', message: 'nothing to change: give at least one field besides contactid' },
    ]);
    expect(issues('update-contact', { contactid: 'local:x', city: 'Berlin' })).toEqual([
      { field: 'contactid', message: 'must be an id (a whole number above 0) or a local id such as local:7' },
    ]);
    expect(issues('delete-contact', {})).toEqual([{ field: 'contactid', message: 'is required' }]);
  });

  it('lists every missing ticket field and contradictions', () => {
    expect(issues('open-ticket', { message: '   ' })).toEqual([
      { field: 'deptid', message: 'is required' },
      { field: 'subject', message: 'is required' },
      { field: 'message', message: 'must not be empty' },
    ]);
    expect(issues('open-ticket', { deptid: 1, subject: 's', message: 'm', serviceid: 2, domainid: 3 })).toEqual([
      { field: 'domainid', message: 'give only one of serviceid and domainid' },
    ]);
    expect(issues('open-ticket', { deptid: 1, subject: 's', message: 'm', priority: 'Urgent' })).toEqual([
      { field: 'priority', message: 'must be Low, Medium or High' },
    ]);
    expect(issues('add-ticket-reply', { ticketid: 4, message: 'm', name: 'Bob' })).toEqual([{ field: 'email', message: 'name and email go together' }]);
    expect(issues('open-ticket', { deptid: 1, subject: 's', message: 'm', attachments: [{ name: 'a/b.txt', data: new Uint8Array(1) }] })).toEqual([
      { field: 'attachments[0].name', message: 'must be a file name without /, \\ or |' },
    ]);
  });

  it('points into invoice line items and checks dates and statuses', () => {
    const items = [{ description: 'Setup', amount: '10.00' }, { description: 'Hours', amount: '12.345' }];
    expect(issues('create-invoice', { items })).toEqual([{ field: 'items[1].amount', message: 'must be an amount with at most two decimals, e.g. 12.50' }]);
    expect(issues('create-invoice', { items: [{ description: '', amount: 1 }] })).toEqual([{ field: 'items[0].description', message: 'must not be empty' }]);
    expect(issues('create-invoice', { date: '2026-02-30' })).toEqual([{ field: 'date', message: 'must be a real calendar date' }]);
    expect(issues('create-invoice', { draft: true, status: 'Paid' })).toEqual([{ field: 'status', message: 'contradicts draft: a draft invoice cannot be Paid' }]);
    expect(issues('create-invoice', { taxrate: 120 })).toEqual([{ field: 'taxrate', message: 'must be at most 100' }]);
  });

  it('requires an order to order something and EPP requests to name one domain', () => {
    expect(issues('add-order', { promocode: 'X' })).toEqual([
      { field: 'pid', message: 'nothing to order: give pid, domain with domaintype, domainrenewals, addonid or addonids' },
    ]);
    expect(issues('add-order', { domaintype: ['register'] })).toEqual([{ field: 'domain', message: 'each domaintype needs its domain at the same position' }]);
    expect(issues('add-order', { pid: [1], domaintype: ['lease'], domain: ['a.com'] })).toEqual([
      { field: 'domaintype[0]', message: "must be register, transfer or '' (the product's domain, nothing to order)" },
    ]);
    expect(issues('add-order', { domain: ['held.com'], domaintype: [''] })).toEqual([
      { field: 'pid', message: 'nothing to order: give pid, domain with domaintype, domainrenewals, addonid or addonids' },
    ]);
    expect(issues('domain-request-epp', { domainid: 3, domainname: 'a.com' })).toEqual([
      { field: 'domainid', message: 'give exactly one of domainid and domainname' },
    ]);
  });

  it('rejects an unknown kind', () => {
    expect(issues('rename-domain', {})).toEqual([{ field: 'kind', message: expect.stringContaining('unknown mutation') }]);
  });

  it('accepts well-formed params as given', () => {
    const params = { contactid: 'local:7', firstname: 'Ada', country: 'de', generalemails: true };
    expect(validateParams('update-contact', params)).toEqual(params);
    expect(validateParams('create-invoice', { items: [{ description: 'x', amount: 12.5, taxed: true }] })).toEqual({
      items: [{ description: 'x', amount: 12.5, taxed: true }],
    });
    // Hosting on a domain already held, plus a new registration: '' holds the first domain's place.
    const order = { pid: [4], domain: ['held.com', 'new-one.com'], domaintype: ['', 'register'] };
    expect(validateParams('add-order', order)).toEqual(order);
  });
});

describe('validation at the outbox', () => {
  it('refuses a bad enqueue with the field in the message and stores nothing', async () => {
    const outbox = openOutbox(outboxFile());
    await expect(outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', email: 'nope' } })).rejects.toThrow(
      'add-contact: email: must be an e-mail address',
    );
    expect(outbox.list()).toEqual([]);
    outbox.dispose();
  });

  it('re-validates on edit and keeps the old params when the edit is bad', async () => {
    const outbox = openOutbox(outboxFile());
    const entry = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', country: 'DE' } });
    await expect(outbox.edit(entry.id, { firstname: 'Ada', country: 'Deutschland' })).rejects.toThrow('country: must be a 2-letter ISO country code');
    expect(outbox.get(entry.id).params).toEqual({ firstname: 'Ada', country: 'DE' });
    outbox.dispose();
  });

  it('checks local ids against the queued creates', async () => {
    const outbox = openOutbox(outboxFile());
    const ticket = await outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 's', message: 'm' } });
    await expect(outbox.enqueue({ kind: 'update-contact', params: { contactid: 'local:99', city: 'X' } })).rejects.toThrow(
      'update-contact: contactid: local:99 is not a queued contact',
    );
    await expect(outbox.enqueue({ kind: 'update-contact', params: { contactid: ticket.localId!, city: 'X' } })).rejects.toThrow(
      `contactid: ${ticket.localId} is not a queued contact`,
    );
    const created = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada' } });
    outbox.discard(created.id);
    await expect(outbox.enqueue({ kind: 'delete-contact', params: { contactid: created.localId! } })).rejects.toThrow(
      `contactid: ${created.localId} was discarded`,
    );
    outbox.dispose();
  });

  it('takes attachments as bytes only: a path from a front end is refused, never opened', async () => {
    const outbox = openOutbox(outboxFile());
    const params = { deptid: 1, subject: 's', message: 'm', attachments: [{ path: '/etc/shadow' }] };
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- wrong params on purpose, to see the outbox's messages
    await expect(outbox.enqueue({ kind: 'open-ticket', params } as never)).rejects.toThrow(
      'attachments[0]: must be {name, type, data: bytes} or a stored attachment {attachmentId}',
    );
    outbox.dispose();
  });

  it('checks each attachment’s size and type and the message’s total, naming the attachment', async () => {
    const outbox = openOutbox(outboxFile());
    const enqueue = (attachments: unknown[]) =>
      // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- attachments in a wrong form on purpose, to see the outbox's messages
      outbox.enqueue({ kind: 'open-ticket', params: { deptid: 1, subject: 's', message: 'm', attachments } } as Parameters<typeof outbox.enqueue>[0]);
    const mb = (n: number) => new Uint8Array(n * 1024 * 1024);
    await expect(enqueue([{ name: 'big.pdf', data: mb(11) }])).rejects.toThrow('attachments[0].data: is larger than 10 MB');
    await expect(enqueue([{ name: 'tool.exe', data: mb(1) }])).rejects.toThrow('attachments[0].name: .exe files cannot be attached (allowed: .png');
    await expect(enqueue([{ name: 'scan.pdf', type: 'image/png', data: mb(1) }])).rejects.toThrow(
      'attachments[0].name: its type image/png does not match its name (.pdf)',
    );
    await expect(enqueue([{ name: 'empty.txt', data: new Uint8Array(0) }])).rejects.toThrow('attachments[0].data: is empty');
    const three = [1, 2, 3].map((i) => ({ name: `part${i}.zip`, data: mb(8) }));
    await expect(enqueue(three)).rejects.toThrow('attachments: together are larger than 20 MB');
    // Base64 text (the web host's JSON socket) is sized before it is decoded, and decoded when it fits.
    const huge = 'A'.repeat(14 * 1024 * 1024);
    await expect(enqueue([{ name: 'big.log', data: huge }])).rejects.toThrow('attachments[0].data: is larger than 10 MB');
    const entry = await enqueue([{ name: 'note.txt', type: 'text/plain', data: btoa('hello') }]);
    expect((entry.params as { attachments?: unknown }).attachments).toEqual([{ attachmentId: expect.any(Number), name: 'note.txt', size: 5 }]);
    outbox.dispose();
  });
});
