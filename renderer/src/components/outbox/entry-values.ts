/**
 * An edit's values as labelled fields for a person: each param under its form's label, as the form showed it
 * (yes / no, amounts, file names and sizes, a department by name). Secrets stay masked as the engine sent them;
 * params that name records (contactid, ticketid…) are left out, the entry's record link stands for them, so a
 * local id is never shown.
 */
import { useI18n } from 'vue-i18n';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { isLocalId } from '../../../../shared/outbox/local-ids';
import { useFormat } from '../../composables/format';
import { useLookupsStore } from '../../stores/lookups';
import { useEntryWords } from './entry-summary';

export interface EntryValue {
  param: string;
  label: string;
  text: string;
}

/** Params that name another record: shown as the record, not as an id. */
const REFERENCES = new Set(['contactid', 'ticketid', 'serviceid', 'domainid', 'serviceids', 'addonid', 'addonids', 'affid', 'pid', 'addons']);

export function useEntryValues() {
  const { t } = useI18n();
  const format = useFormat();
  const lookups = useLookupsStore();
  const { labelOf } = useEntryWords();

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

  function valueText(param: string, value: unknown): string {
    if (param === 'deptid' && typeof value === 'number') {
      lookups.ensure();
      return lookups.departments.get(value) ?? format.none();
    }
    if (param === 'shownprice' && (typeof value === 'string' || typeof value === 'number')) return format.amount(String(value));
    return item(value);
  }

  return (entry: OutboxEntry): EntryValue[] =>
    Object.entries(entry.params as Record<string, unknown>)
      .filter(([param]) => !REFERENCES.has(param))
      .map(([param, value]) => ({ param, label: param === 'deptid' ? t('forms.ticket.department') : labelOf(param), text: valueText(param, value) }));
}
