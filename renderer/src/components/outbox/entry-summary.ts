/**
 * A queued edit in a person's words, as the lists name its record: "Mario Rossi: Support e-mails on", "Reply to
 * ticket #348295", "New invoice, 3 lines, €188.42", "Register bright-new.com for 2 years". The record's name and
 * number come with the entry from the engine (EntryRecord); a local id is never shown.
 */
import { useI18n } from 'vue-i18n';
import { totalCents } from '../../../../shared/invoice-total';
import type { OutboxEntry, OutboxEntryOf } from '../../../../shared/outbox/entry';
import type { MutationParams } from '../../../../shared/outbox/schemas';
import { SECRET_MASK } from '../../../../shared/outbox/secrets';
import { useFormat } from '../../composables/format';
import { recordRoute } from '../../composables/record-route';
import { placedOrderRefs } from '../shop/placed-order';

/** Where a label for a param is found, first match wins (the forms' own labels). */
const LABELS = ['forms.contact.fields', 'forms.ticket', 'forms.invoice', 'forms.order', 'forms.entry.fields', 'outbox.param'];

export function useEntryWords() {
  const { t, te } = useI18n();
  const format = useFormat();

  function labelOf(param: string): string {
    const key = LABELS.map((prefix) => `${prefix}.${param}`).find((k) => te(k) && typeof t(k) === 'string');
    return key ? t(key) : t('outbox.param.other');
  }

  /** The record as the lists name it: its number (#348295), else its name, else what it is. */
  function recordName(entry: OutboxEntry): string {
    const record = entry.record;
    const resource = record?.resource ?? 'contacts';
    if (record?.number) return resource === 'tickets' || resource === 'orders' || resource === 'invoices' ? `#${record.number}` : record.number;
    if (record?.name) return resource === 'tickets' ? `“${record.name}”` : record.name;
    if (record?.local && te(`lists.unsent.${resource}`)) return t(`lists.unsent.${resource}`);
    return t(`outbox.unnamed.${record?.local ? 'local' : 'unknown'}`);
  }

  /** One changed value in words: "Support e-mails on", "City “Rovereto”". */
  function change(param: string, value: unknown): string {
    if (typeof value === 'boolean') return t(value ? 'outbox.change.on' : 'outbox.change.off', { field: labelOf(param) });
    return t('outbox.change.set', { field: labelOf(param), value: value === SECRET_MASK ? SECRET_MASK : String(value) });
  }

  function orderLines(p: MutationParams<'add-order'>): string {
    const years = (n: number | undefined) => t('forms.order.years', { n: n ?? 1 }, n ?? 1);
    const domains = (p.domaintype ?? []).flatMap((type, i) => {
      const domain = p.domain?.[i] ?? '';
      if (type === 'register') return [t('outbox.order.register', { domain, years: years(p.regperiod?.[i]) })];
      if (type === 'transfer') return [t('outbox.order.transfer', { domain })];
      return [];
    });
    const renewals = Object.entries(p.domainrenewals ?? {}).map(([domain, n]) => t('outbox.order.renew', { domain, years: years(n) }));
    // A server is named by its hostname (only a server has one), hosting by its domain.
    const products = (p.pid ?? []).map((_, i) =>
      p.hostname?.[i] ? t('shop.line.server', { hostname: p.hostname[i] }) : t('outbox.order.product', { what: p.domain?.[i] || t('outbox.order.hosting') }),
    );
    const addons = (p.addons ?? []).flat().length + (p.addonid === undefined ? 0 : 1) + (p.addonids?.length ?? 0);
    const parts = [...domains, ...renewals, ...products, ...(addons ? [t('outbox.order.addons', { n: addons }, addons)] : [])];
    return parts.join(', ');
  }

  function invoiceWords(p: MutationParams<'create-invoice'>): string {
    const n = p.items?.length ?? 0;
    return t('outbox.what.create-invoice', { n, total: format.money(totalCents(p)) }, n);
  }

  /** The edit in a line. */
  function what(entry: OutboxEntry): string {
    const key = `outbox.what.${entry.kind}`;
    switch (entry.kind) {
      case 'add-contact':
      case 'delete-contact':
      case 'domain-request-epp':
        return t(key, { name: recordName(entry) });
      case 'update-contact': {
        const { contactid: _id, ...changes } = entry.params as OutboxEntryOf<'update-contact'>['params'];
        return t(key, { name: recordName(entry), changes: Object.entries(changes).map(([param, value]) => change(param, value)).join(', ') });
      }
      case 'open-ticket':
        return t(key, { subject: entry.params.subject });
      case 'add-ticket-reply':
        return t(key, { ticket: recordName(entry) });
      case 'create-invoice':
        return invoiceWords(entry.params);
      case 'add-order': {
        const shown = entry.params.shownprice;
        const lines = orderLines(entry.params);
        const words = shown === undefined ? lines : t('outbox.order.priced', { lines, price: format.amount(String(shown)) });
        // Once the provider has it: its number as the Orders list shows it, and its invoice.
        const placed = placedOrderRefs(entry);
        if (!placed?.number) return words;
        return placed.invoiceId === null
          ? t('outbox.order.placedNoInvoice', { what: words, order: placed.number })
          : t('outbox.order.placed', { what: words, order: placed.number, invoice: placed.invoiceId });
      }
    }
  }

  /** Where the record's detail opens, when it has one here. */
  function recordLink(entry: OutboxEntry) {
    const record = entry.record;
    return record && record.id !== null ? recordRoute(record.resource, record.id) : null;
  }

  return { what, recordName, recordLink, labelOf };
}
