/** What a queued edit changes, in a few words, as an i18n key of outbox.what with its values. */
import type { OutboxEntry } from '../../../../shared/outbox/entry';

export interface Summary {
  key: string;
  values: Record<string, string | number>;
  /** The number a message with plural forms counts ("1 line | {n} lines"). */
  count?: number;
}

const joined = (...parts: unknown[]) => parts.filter((p) => typeof p === 'string' && p.trim() !== '').join(' ');

export function entrySummary(entry: OutboxEntry): Summary {
  const key = `outbox.what.${entry.kind}`;
  switch (entry.kind) {
    case 'add-contact': {
      const p = entry.params;
      return { key, values: { name: joined(p.firstname, p.lastname) || joined(p.companyname) || joined(p.email) } };
    }
    case 'update-contact': {
      const { contactid, ...changes } = entry.params;
      return { key, values: { id: String(contactid), fields: Object.keys(changes).join(', ') } };
    }
    case 'delete-contact':
      return { key, values: { id: String(entry.params.contactid) } };
    case 'open-ticket':
      return { key, values: { subject: entry.params.subject } };
    case 'add-ticket-reply':
      return { key, values: { id: String(entry.params.ticketid) } };
    case 'create-invoice':
      return { key, values: { items: entry.params.items?.length ?? 0 }, count: entry.params.items?.length ?? 0 };
    case 'add-order': {
      const p = entry.params;
      return { key, values: { what: [...(p.domain ?? []), ...(p.pid ?? []).map((pid) => `#${pid}`)].join(', ') || '—' } };
    }
    case 'domain-request-epp':
      return { key, values: { domain: entry.params.domainname ?? `#${entry.params.domainid}` } };
  }
}
