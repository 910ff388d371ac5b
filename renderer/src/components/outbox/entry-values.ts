/**
 * An edit's values as labelled fields for a person: each param under its form's label, as the form showed it
 * (yes / no, amounts, file names and sizes, a department by name, an order's registry fields per domain). Secrets stay masked as the engine sent them;
 * params that name records (contactid, ticketid…) are left out, the entry's record link stands for them, so a
 * local id is never shown.
 */
import { useI18n } from 'vue-i18n';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { isLocalId } from '../../../../shared/outbox/local-ids';
import { useFormat } from '../../composables/format';
import { useLookupsStore } from '../../stores/lookups';
import { useEntryWords } from './entry-summary';
import { domainFieldsFor, readDomainFieldValues, registryFieldsFor } from '../../../../shared/domain-fields';
import { useDomainFieldWords } from '../shop/domain-field-words';

export interface EntryValue {
  param: string;
  label: string;
  text: string;
}

/** Params that name another record: shown as the record, not as an id. */
const REFERENCES = new Set(['contactid', 'ticketid', 'serviceid', 'domainid', 'serviceids', 'addonid', 'addonids', 'pid', 'addons']);

export function useEntryValues() {
  const { t } = useI18n();
  const format = useFormat();
  const lookups = useLookupsStore();
  const { labelOf } = useEntryWords();
  const fieldWords = useDomainFieldWords();

  /**
   * add-order's domainfields: per domain of the order (by index, as domain[] gives them), its name and the
   * registry's fields in words, as the order form showed them (“example.it: Legal type: Company · Tax ID: …”).
   */
  function domainFieldsText(params: Record<string, unknown>, value: unknown): string {
    if (!Array.isArray(value)) return item(value);
    const domains = Array.isArray(params.domain) ? (params.domain as unknown[]) : [];
    const types = Array.isArray(params.domaintype) ? (params.domaintype as unknown[]) : [];
    const lines = value.flatMap((values, i) => {
      if (values === null || typeof values !== 'object') return [];
      const domain = typeof domains[i] === 'string' ? (domains[i] as string) : '';
      const fields = types[i] === 'transfer' ? domainFieldsFor(domain, 'transfer') : (registryFieldsFor(domain)?.fields ?? []);
      const read = readDomainFieldValues(fields, Array.isArray(values) ? values.map(String) : Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
      const text = fieldWords.summary(fields, read);
      return text ? [domain ? `${domain}: ${text}` : text] : [];
    });
    return lines.join('\n') || format.none();
  }

  function item(value: unknown): string {
    if (typeof value === 'boolean') return format.bool(value);
    if (value === null || value === undefined || value === '') return format.none();
    // Lines and files one under another; plain values in a row.
    if (Array.isArray(value)) return value.map(item).join(value.some((v) => typeof v === 'object' && v !== null) ? '\n' : ', ') || format.none();
    if (typeof value === 'object') {
      const v = value as Record<string, unknown>;
      if (typeof v.name === 'string' && typeof v.size === 'number') return t('outbox.detail.file', { name: v.name, size: format.bytes(v.size) });
      if (typeof v.description === 'string') return t('outbox.detail.lines', { description: v.description, amount: format.amount(String(v.amount)) });
      return Object.entries(v).map(([key, inner]) => `${key}: ${item(inner)}`).join(', ');
    }
    return isLocalId(value) ? t('outbox.unnamed.local') : String(value);
  }

  /** A ticket's or reply's custom fields under their departments' names (a field no department has now, under its id). */
  function customFieldsText(value: unknown): string {
    if (value === null || typeof value !== 'object') return item(value);
    lookups.ensure();
    const known = [...lookups.departmentFields.values()].flat();
    return Object.entries(value).map(([id, text]) => {
      const field = known.find((f) => String(f.id) === id);
      return `${field?.name ?? id}: ${field?.type === 'tickbox' ? format.bool(text === 'on') : item(text)}`;
    }).join('\n') || format.none();
  }

  function valueText(param: string, value: unknown, params: Record<string, unknown>): string {
    if (param === 'domainfields') return domainFieldsText(params, value);
    if (param === 'customfields') return customFieldsText(value);
    // A ticket or reply for someone who is not a client: one line, "name <email>".
    if (param === 'name' && typeof params.email === 'string') return `${String(value)} <${params.email}>`;
    if (param === 'deptid' && typeof value === 'number') {
      lookups.ensure();
      return lookups.departments.get(value) ?? format.none();
    }
    if (param === 'shownprice' && (typeof value === 'string' || typeof value === 'number')) return format.amount(String(value));
    return item(value);
  }

  /** Params with a label of their own here: a ticket's department, the non-client a ticket or reply is written for, its custom fields. */
  function label(param: string, params: Record<string, unknown>): string {
    if (param === 'deptid') return t('forms.ticket.department');
    if (param === 'name' && 'email' in params) return t('forms.onBehalf.label');
    if (param === 'customfields') return t('forms.ticket.fields.legend');
    return labelOf(param);
  }

  return (entry: OutboxEntry): EntryValue[] => {
    const params = entry.params as Record<string, unknown>;
    // A non-client's e-mail is said with their name.
    const named = (entry.kind === 'open-ticket' || entry.kind === 'add-ticket-reply') && 'name' in params;
    return Object.entries(params)
      .filter(([param]) => !REFERENCES.has(param) && !(named && param === 'email'))
      .map(([param, value]) => ({ param, label: label(param, params), text: valueText(param, value, params) }));
  };
}
