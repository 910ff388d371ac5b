/** A record's field as plain words for its kind (the table's cells and the detail pane's values share it). */
import { useI18n } from 'vue-i18n';
import { serviceRefTarget, type FieldSpec, type LookupName } from '../../../../shared/resource-fields';
import type { CataloguePricing } from '../../../../shared/models';
import { useCodeWord } from '../../composables/code-word';
import { useFormat } from '../../composables/format';
import { priceRows } from '../detail/pricing';
import { useLookupsStore } from '../../stores/lookups';

/** The class a field's cells are laid out by (`kind-number` right-aligned…): a looked-up id reads as a name, as text. */
export const kindClass = (spec: FieldSpec): string => `kind-${spec.lookup ? 'text' : spec.kind}`;

/** A value shown as "—" (no value). */
export const isEmptyValue = (value: unknown): boolean => value === null || value === undefined || value === '';

export function useFieldText() {
  const { t } = useI18n();
  const codeWord = useCodeWord();
  const format = useFormat();
  const lookups = useLookupsStore();

  /** An array of sub-records (a configurable option's choices) read as their names. */
  function listText(values: unknown[]): string {
    const names = values.map((v) => (typeof v === 'object' && v !== null && 'name' in v ? String(v.name) : String(v)));
    return names.length ? names.join(', ') : format.none();
  }

  /** An id shown by the name of what it names; without one, as the id ("#3"; a product group, "Group 3"). */
  function lookupText(lookup: LookupName, id: number): string {
    if (lookup === 'departments') {
      lookups.ensure();
      return lookups.departments.get(id) ?? `#${String(id)}`;
    }
    lookups.ensureGroups();
    return lookups.productGroups.get(id) ?? t('lists.catalogueGroup.numbered', { gid: id });
  }

  return function fieldText(record: Record<string, unknown>, spec: FieldSpec): string {
    const value = record[spec.field];
    if (isEmptyValue(value)) return format.none();
    switch (spec.kind) {
      case 'money':
        return format.amount(value as string);
      case 'date':
        return format.date(value as string);
      case 'datetime':
        return format.dateTime(value as string);
      case 'bool':
        return format.bool(value as boolean);
      case 'number': {
        if (spec.lookup) return lookupText(spec.lookup, value as number);
        const text = format.number(value as number);
        return spec.unit ? t(`lists.unit.${spec.unit}`, { n: text }, value as number) : text;
      }
      case 'pricing':
        // In a table cell: each cycle offered and its price, in a line.
        return priceRows(value as CataloguePricing).map((row) => `${t(`lists.cycle.${row.cycle}`)} ${format.money(row.cents, row.currency)}`).join(' · ') || format.none();
      case 'link':
        // The provider's 0 is "no such record" (a domain registered outside an order).
        if (value === 0) return format.none();
        return spec.lookup ? lookupText(spec.lookup, value as number) : `#${String(value)}`;
      case 'serviceRef': {
        const target = serviceRefTarget(value);
        return target ? t(`lists.ref.${target.to}`, { id: target.id }) : String(value);
      }
      default:
        return Array.isArray(value) ? listText(value) : codeWord(spec.words, value);
    }
  };
}
