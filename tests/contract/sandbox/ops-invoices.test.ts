/** create-invoice over real HTTP, read back from the sandbox's state (the API has no invoice list). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, op, openSession, rejection, type Session } from './ops.js';

let s: Session;
beforeAll(async () => {
  s = await openSession();
});
afterAll(() => s.sb.stop());

function invoice(id: number) {
  return s.sb.db.prepare('SELECT * FROM invoices WHERE id = ?').get(id) as Record<string, any>;
}

function items(id: number) {
  return s.sb.db.prepare('SELECT description, amount, taxed, type, relid FROM invoice_items WHERE invoiceid = ? ORDER BY id').all(id);
}

describe('create-invoice', () => {
  it('creates an Unpaid invoice by default, with its items in item-number order', async () => {
    const reply = await ok(op(s, 'create-invoice', {
      itemdescription10: 'Ten', itemamount10: '1.10', itemdescription2: 'Two', itemamount2: '20', itemdescription1: 'One ✓', itemamount1: '5.5',
    }));
    expect(Object.keys(reply).sort()).toEqual(['invoiceid', 'result', 'status']);
    expect(typeof reply.invoiceid).toBe('number');
    expect(reply.status).toBe('Unpaid');
    const client = s.sb.db.prepare('SELECT defaultgateway FROM clients WHERE id = ?').get(s.demoId) as any;
    expect(invoice(reply.invoiceid)).toMatchObject({
      userid: s.demoId, status: 'Unpaid', date: '2026-11-22', duedate: '2026-11-22', subtotal: '26.60', tax: '0.00',
      tax2: '0.00', total: '26.60', paymentmethod: client.defaultgateway, datepaid: '0000-00-00 00:00:00',
    });
    expect(items(reply.invoiceid)).toEqual([
      { description: 'One ✓', amount: '5.50', taxed: 0, type: '', relid: 0 },
      { description: 'Two', amount: '20.00', taxed: 0, type: '', relid: 0 },
      { description: 'Ten', amount: '1.10', taxed: 0, type: '', relid: 0 },
    ]);
  });

  it('creates a Draft with draft=true', async () => {
    const reply = await ok(op(s, 'create-invoice', { draft: true, itemdescription1: 'Draft item', itemamount1: '9.99' }));
    expect(reply.status).toBe('Draft');
    expect(invoice(reply.invoiceid).status).toBe('Draft');
    expect(await ok(op(s, 'create-invoice', { draft: 'true', status: 'Draft' }))).toMatchObject({ status: 'Draft' });
  });

  it('taxes only the taxed items at both rates, rounding each tax to cents', async () => {
    const reply = await ok(op(s, 'create-invoice', {
      status: 'Paid', taxrate: '19', taxrate2: '2.5', date: '2026-01-31', duedate: '2026-02-14', notes: 'Thanks!', paymentmethod: 'mailin',
      itemdescription1: 'Taxed', itemamount1: '10.05', itemtaxed1: '1',
      itemdescription2: 'Also taxed', itemamount2: '3.33', itemtaxed2: 'true',
      itemdescription3: 'Untaxed', itemamount3: '100', itemtaxed3: 'false',
      itemdescription4: 'Credit', itemamount4: '-5.00',
    }));
    expect(reply.status).toBe('Paid');
    // taxable 13.38: 19% = 2.5422 → 2.54, 2.5% = 0.3345 → 0.33; subtotal 108.38.
    expect(invoice(reply.invoiceid)).toMatchObject({
      status: 'Paid', date: '2026-01-31', duedate: '2026-02-14', notes: 'Thanks!', paymentmethod: 'mailin',
      subtotal: '108.38', taxrate: '19.00', taxrate2: '2.50', tax: '2.54', tax2: '0.33', total: '111.25',
    });
    expect(invoice(reply.invoiceid).datepaid).toMatch(/^2026-11-22 \d{2}:\d{2}:\d{2}$/);
    expect(items(reply.invoiceid).map((i: any) => i.taxed)).toEqual([1, 1, 0, 0]);
  });

  it('accepts every documented status and the urlencoded form', async () => {
    for (const status of ['Unpaid', 'Paid', 'Cancelled', 'Refunded', 'Collections', 'Payment Pending', 'Draft']) {
      const reply = await ok(op(s, 'create-invoice', { status, itemdescription1: 'x', itemamount1: '1' }, { urlencoded: true }));
      expect(invoice(reply.invoiceid).status).toBe(status);
    }
  });

  it('rejects malformed invoices, each with its own message, creating nothing', async () => {
    const count = () => (s.sb.db.prepare('SELECT COUNT(*) AS n FROM invoices').get() as any).n;
    const before = count();
    const cases: [Record<string, any>, string | RegExp][] = [
      [{ status: 'Overdue' }, /^Invalid Status: Overdue/],
      [{ draft: true, status: 'Paid' }, 'draft=true contradicts status Paid'],
      [{ draft: 'perhaps' }, /draft/],
      [{ taxrate: 'abc' }, /^Invalid taxrate/],
      [{ taxrate2: '101' }, 'Invalid taxrate2: must be between 0 and 100'],
      [{ date: '2026-02-30' }, 'Invalid date: expected a date YYYY-mm-dd, got "2026-02-30"'],
      [{ duedate: '22/11/2026' }, /^Invalid duedate/],
      [{ itemdescription1: 'No amount' }, 'Line item 1 has no amount (itemamount1)'],
      [{ itemamount3: '5.00' }, 'Line item 3 has no description (itemdescription3)'],
      [{ itemtaxed2: '1' }, 'Line item 2 has no description (itemdescription2)'],
      [{ itemdescription1: 'x', itemamount1: 'ten' }, /^Invalid itemamount1/],
      [{ itemdescription1: 'x', itemamount1: '1.234' }, /^Invalid itemamount1/],
      [{ itemdescription1: 'x', itemamount1: '1', itemtaxed1: 'sometimes' }, /itemtaxed1/],
      [{ itemdescription0: 'x', itemamount0: '1' }, /item number must be a positive integer/],
      [{ paymentmethod: 'gold' }, 'Invalid Payment Method'],
      [{ userid: s.otherId }, 'Client ID Not Found'],
    ];
    for (const [fields, message] of cases) {
      const got = await rejection(op(s, 'create-invoice', fields));
      if (typeof message === 'string') expect(got, JSON.stringify(fields)).toBe(message);
      else expect(got, JSON.stringify(fields)).toMatch(message);
    }
    expect(count()).toBe(before);
  });

  it('bills the calling account only', async () => {
    const reply = await ok(op(s, 'create-invoice', { itemdescription1: 'Other', itemamount1: '2' }, { as: 'other' }));
    expect(invoice(reply.invoiceid).userid).toBe(s.otherId);
  });
});
