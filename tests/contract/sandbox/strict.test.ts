/** The sandbox's strict mode: where the upstream billing system is stricter than the spec, so is the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, op, openSession, rejection, type Session } from './ops.js';

let strict: Session;
let lenient: Session;
beforeAll(async () => {
  strict = await openSession({ strict: true });
  lenient = await openSession({ strict: false });
});
afterAll(() => Promise.all([strict.sb.stop(), lenient.sb.stop()]));

describe('get-transactions', () => {
  it('answers every row from startnumber 0 whatever limitstart and limitnum say', async () => {
    const reply = await ok(op(strict, 'get-transactions', { clientid: strict.demoId, limitstart: 5, limitnum: 3 }));
    expect(reply.startnumber).toBe(0);
    expect(reply.transactions.transaction.length).toBe(Number(reply.totalresults));
    expect(Number(reply.numreturned)).toBe(Number(reply.totalresults));
    expect(Number(reply.totalresults)).toBeGreaterThan(3);
  });

  it('pages when not strict', async () => {
    const reply = await ok(op(lenient, 'get-transactions', { limitstart: 5, limitnum: 3 }));
    expect(reply.transactions.transaction).toHaveLength(3);
  });
});

describe('the client id on writes', () => {
  const contact = { firstname: 'Strict', lastname: 'Mode', email: 'strict@example.com' };

  it('add-contact, delete-contact, add-order, create-invoice refuse a request without it', async () => {
    expect(await rejection(op(strict, 'add-contact', contact, { ownId: false }))).toBe('Client ID Not Found');
    const { contactid } = await ok(op(strict, 'add-contact', { ...contact, clientid: strict.demoId }));
    expect(await rejection(op(strict, 'delete-contact', { contactid }, { ownId: false }))).toBe('Client ID Not Found');
    await ok(op(strict, 'delete-contact', { contactid, clientid: strict.demoId }));
    expect(await rejection(op(strict, 'create-invoice', { itemdescription1: 'x', itemamount1: '1.00' }, { ownId: false }))).toBe('Client ID Not Found');
    await ok(op(strict, 'create-invoice', { itemdescription1: 'x', itemamount1: '1.00', userid: strict.demoId }));
    expect(await rejection(op(strict, 'add-order', { domain: ['strict-mode-test.com'], domaintype: ['register'], paymentmethod: 'mailin' }, { ownId: false })))
      .toBe('Client ID Not Found');
  });

  it('another client id is refused as not found', async () => {
    expect(await rejection(op(strict, 'add-contact', { ...contact, clientid: strict.otherId }))).toBe('Client ID Not Found');
  });

  it('open-ticket and add-ticket-reply need it unless the author is named by name and e-mail', async () => {
    const departments = await ok(op(strict, 'get-support-departments'));
    const deptid = departments.departments.department[0].id;
    const ticket = { deptid, subject: 'Strict', message: 'Hello' };
    expect(await rejection(op(strict, 'open-ticket', ticket, { ownId: false }))).toBe('Name and email address are required if not a client');
    const opened = await ok(op(strict, 'open-ticket', { ...ticket, name: 'Someone Else', email: 'else@example.com' }));
    expect(await rejection(op(strict, 'add-ticket-reply', { ticketid: opened.id, message: 'More' }, { ownId: false }))).toBe('Client ID Not Found');
    await ok(op(strict, 'add-ticket-reply', { ticketid: opened.id, message: 'More', clientid: strict.demoId }));
  });

  it('the lenient sandbox takes the token account when it is absent', async () => {
    await ok(op(lenient, 'add-contact', contact, { ownId: false }));
  });
});

describe('add-order', () => {
  const order = { domain: ['strict-payment-test.com'], domaintype: ['register'] };

  it('needs a paymentmethod, with the upstream message', async () => {
    expect(await rejection(op(strict, 'add-order', { ...order, clientid: strict.demoId }))).toBe(
      'Invalid Payment Method. Valid options include mailin,banktransfer,paypal,stripe,authorize',
    );
    await ok(op(strict, 'add-order', { ...order, clientid: strict.demoId, paymentmethod: 'mailin' }));
  });

  it('defaults it to the default gateway when not strict', async () => {
    await ok(op(lenient, 'add-order', order, { ownId: false }));
  });
});
