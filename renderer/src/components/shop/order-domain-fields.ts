/**
 * A queued add-order's registry fields, to fix them when the provider refused the order for them: per domain
 * the order registers or transfers, the fields the app knows for its TLD (shared/domain-fields.ts) and the ones
 * the provider's words name that it does not (a TLD the app has no definition for): each quoted name in the part
 * of the refusal about that domain ("a.fr: "Registrant Type" is required, …").
 */
import { domainFieldsFor, readDomainFieldValues, registryFieldsFor, type DomainField } from '../../../../shared/domain-fields';
import type { MutationParams } from '../../../../shared/outbox/schemas';
import { domainFieldsOf, noDomain, type DomainChoice } from './cart';

export type OrderDomainFields = {
  /** The domain's index in the order's lists. */
  index: number;
  /** The domain, as the cart holds one: its fields keyed by name. */
  domain: DomainChoice;
  /** Fields the provider named that the app does not know for the TLD. */
  named: string[];
};

/** The quoted names in the part of the provider's words about `domain` (up to the next "; "). */
export function namedInRefusal(message: string | undefined, domain: string): string[] {
  if (!message || !domain) return [];
  const at = message.toLowerCase().indexOf(`${domain.toLowerCase()}:`);
  if (at === -1) return [];
  const rest = message.slice(at + domain.length + 1);
  const part = rest.split(/;\s/)[0] ?? '';
  return [...new Set([...part.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter(Boolean))];
}

const asValues = (value: unknown): Record<string, string> | readonly string[] => {
  if (Array.isArray(value)) return value.map(String);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  return {};
};

/** The order's domains with registry fields to fix: those whose TLD asks for some, or that the provider's words name. */
export function orderDomainFields(params: MutationParams<'add-order'>, refusal: string | undefined): OrderDomainFields[] {
  return (params.domaintype ?? []).flatMap((type, index) => {
    if (type !== 'register' && type !== 'transfer') return [];
    const name = params.domain?.[index] ?? '';
    const fields: readonly DomainField[] = domainFieldsFor(name, type);
    const known = registryFieldsFor(name)?.fields ?? fields;
    const values = readDomainFieldValues(known, asValues(params.domainfields?.[index]));
    const named = namedInRefusal(refusal, name).filter((n) => !fields.some((f) => f.name.toLowerCase() === n.toLowerCase()));
    if (fields.length === 0 && named.length === 0) return [];
    for (const n of named) values[n] ??= '';
    return [{ index, domain: { ...noDomain(), mode: type, name, fields: values }, named }];
  });
}

/** The order's domainfields with the fixed ones in place (each domain at its index; {} for one without). */
export function fixedDomainFields(params: MutationParams<'add-order'>, fixed: readonly OrderDomainFields[]): NonNullable<MutationParams<'add-order'>['domainfields']> {
  const count = params.domain?.length ?? 0;
  return Array.from({ length: count }, (_, i) => {
    const mine = fixed.find((f) => f.index === i);
    return mine ? domainFieldsOf(mine.domain) : (params.domainfields?.[i] ?? {});
  });
}
