/**
 * create-invoice. The API lists no invoices: a lost reply is recognised by the account's invoice statistics,
 * recorded just before sending (the entry's precheck) and compared after (invoice-stats.ts).
 */
import type { Invoice } from '../../../../shared/models.js';
import { formatCents, normalizeMoney } from '../../../../shared/money.js';
import type { OutboxEntryOf } from '../../../../shared/outbox/entry.js';
import { compareInvoiceStats, invoiceStatsOf, totalCents, type InvoiceStatsSnapshot } from '../invoice-stats.js';
import { RESEND, review } from '../server-match.js';
import type { EngineDefinition } from './definition.js';

/** The invoice a create-invoice entry asks for, as views and the mirror show it. */
export function queuedInvoice(entry: OutboxEntryOf<'create-invoice'>): Omit<Invoice, 'id'> {
  const p = entry.params;
  return {
    status: p.draft ? 'Draft' : (p.status ?? 'Unpaid'),
    date: p.date ?? null,
    dueDate: p.duedate ?? p.date ?? null,
    total: formatCents(totalCents(p)),
    taxRate: p.taxrate ?? null,
    taxRate2: p.taxrate2 ?? null,
    notes: p.notes ?? '',
    items: (p.items ?? []).map((i) => ({ description: i.description, amount: normalizeMoney(i.amount), taxed: i.taxed ?? false })),
    createdAt: new Date(entry.createdAt).toISOString(),
  };
}

export const createInvoice: EngineDefinition<'create-invoice'> = {
  recordKey: null,
  async send(client, params) {
    const result = await client.createInvoice(params);
    return { result, serverId: result.invoiceId };
  },
  overlay: { resource: 'invoices', created: queuedInvoice },
  async reconcile({ client, row }, params) {
    const before = row.precheck === null ? null : (JSON.parse(row.precheck) as InvoiceStatsSnapshot);
    if (before === null) return review('no invoice statistics were recorded before it was sent, so whether it was created cannot be told');
    const { stats } = await client.getClientsDetails({ stats: true });
    if (stats === null) return review('the provider sent no invoice statistics, so whether it was created cannot be told');
    const seen = compareInvoiceStats(before, invoiceStatsOf(stats), params);
    switch (seen.change) {
      case 'none':
        return RESEND;
      case 'one-invoice':
        return {
          verdict: 'done',
          result: { invoiceId: null, status: seen.status, note: 'its reply was lost; the account statistics show it was created, but not its invoice id' },
          serverId: null,
        };
      case 'other':
        return review(`the account's invoices changed since it was sent in a way that does not tell: ${seen.detail}`);
    }
  },
};
