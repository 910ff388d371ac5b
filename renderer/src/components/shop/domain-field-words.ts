/**
 * The words of a domain's registry fields (shared/domain-fields.ts) in the person's language: each field's label
 * and hint, a select's options, what is wrong with a value. A field the app has no words for (one the provider
 * named) keeps the provider's own name.
 */
import { useI18n } from 'vue-i18n';
import type { DomainField, DomainFieldOption, DomainFieldProblem, RegistryFields } from '../../../../shared/domain-fields';
import { domainChoiceProblems, orderedDomainFields, type DomainChoice } from './cart';

export function useDomainFieldWords() {
  const { t, te, locale } = useI18n();

  const label = (field: Pick<DomainField, 'name' | 'key'>) => (te(`shop.domainFields.field.${field.key}`) ? t(`shop.domainFields.field.${field.key}`) : field.name);
  const hint = (field: DomainField) => (te(`shop.domainFields.hint.${field.key}`) ? t(`shop.domainFields.hint.${field.key}`) : undefined);
  const registry = (r: RegistryFields) => t(`shop.domainFields.registry.${r.key}`);

  function option(o: DomainFieldOption): string {
    if (o.key.startsWith('country.')) return new Intl.DisplayNames([locale.value], { type: 'region' }).of(o.value) ?? o.value;
    return te(`shop.domainFields.option.${o.key}`) ? t(`shop.domainFields.option.${o.key}`) : o.value;
  }

  /** What is wrong with a field's value, in words (its label named). */
  function problem(fields: readonly DomainField[], p: DomainFieldProblem): string {
    const field = fields.find((f) => f.name === p.field);
    const name = field ? label(field) : p.field;
    return t(`shop.domainFields.problem.${p.code}`, { field: name, max: field?.maxLength ?? 0 });
  }

  /** A domain's registry field problems, keyed by the field's name. */
  function errorsOf(domain: DomainChoice): Record<string, string> {
    const fields = orderedDomainFields(domain);
    return Object.fromEntries(domainChoiceProblems(domain).map((p) => [p.field, problem(fields, p)]));
  }

  /** A domain's fields as a line of the cart or the outbox shows them: "Label: value" for each value given, a tick in short. */
  function summary(fields: readonly DomainField[], values: Record<string, string>): string {
    return Object.entries(values)
      .filter(([, v]) => v.trim() !== '')
      .map(([name, value]) => {
        const field = fields.find((f) => f.name === name);
        if (!field) return `${name}: ${value}`;
        if (field.type === 'tickbox') return te(`shop.domainFields.short.${field.key}`) ? t(`shop.domainFields.short.${field.key}`) : label(field);
        const chosen = field.options?.find((o) => o.value === value);
        return `${label(field)}: ${chosen ? option(chosen) : value}`;
      })
      .join(' · ');
  }

  return { label, hint, registry, option, problem, errorsOf, summary };
}
