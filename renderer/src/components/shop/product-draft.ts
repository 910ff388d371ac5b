/**
 * A product's order form as data: what is typed (the form's draft, `add-order:product:<pid>`) and the cart line
 * it makes. Pure, so that the form keeps only what it shows.
 */
import type { DomainPrices } from '../../../../shared/models';
import type { LocalId } from '../../../../shared/outbox/local-ids';
import type { CatalogueEntry } from '../../../../shared/records';
import { addonPrice, optionCents, productCycles } from './catalogue-prices';
import { blankDomainFields, NAMESERVER_COUNT, noDomain, ordersDomain, withKeptFields, type DomainChoice, type ProductLine } from './cart';

export type ProductDraft = {
  billingcycle: string;
  options: Record<string, number>;
  addons: number[];
  customfields: Record<string, string>;
  domain: DomainChoice;
  nameservers: string[];
  contactid: number | LocalId | null;
  hostname: string;
  ns1prefix: string;
  ns2prefix: string;
  /** Secrets, named as add-order's params: never in the saved draft. */
  eppcode: string;
  rootpw: string;
};

/** Hosting lives on a domain; a server may have one; other products need none. */
export const needsDomain = (product: CatalogueEntry) => product.type === 'hostingaccount' || product.type === 'reselleraccount';

/**
 * A server's own custom field for its hostname, when the provider's product asks for one ("Hostname"): filled
 * from the order's hostname (add-order's `hostname`), so that the form does not ask for it twice.
 */
export function hostnameField(product: CatalogueEntry): CatalogueEntry['customFields'][number] | undefined {
  return product.type === 'server' ? product.customFields.find((f) => /^host\s*name$/i.test(f.name.trim())) : undefined;
}

export function freshDraft(product: CatalogueEntry): ProductDraft {
  const options = Object.fromEntries(product.configOptions.map((o) => [String(o.id), o.type === 'quantity' || o.type === 'yesno' ? 0 : (o.choices[0]?.id ?? 0)]));
  return {
    billingcycle: productCycles(product.pricing)[0]?.cycle ?? '',
    options,
    addons: [],
    customfields: Object.fromEntries(product.customFields.map((f) => [String(f.id), ''])),
    domain: { ...noDomain(), mode: needsDomain(product) ? 'register' : 'none', fields: blankDomainFields() },
    nameservers: Array<string>(NAMESERVER_COUNT).fill(''),
    contactid: null,
    hostname: '',
    ns1prefix: '',
    ns2prefix: '',
    eppcode: '',
    rootpw: '',
  };
}

/** The cart line the draft makes; `yesNo` words a yes/no option's choice. */
export function productLine(product: CatalogueEntry, d: ProductDraft, key: string, prices: DomainPrices | null, yesNo: (yes: boolean) => string): ProductLine {
  const cycle = productCycles(product.pricing).find((c) => c.cycle === d.billingcycle);
  const choiceText = (option: CatalogueEntry['configOptions'][number], value: number) => {
    if (option.type === 'quantity') return String(value);
    if (option.type === 'yesno') return yesNo(value !== 0);
    return option.choices.find((c) => c.id === value)?.name ?? String(value);
  };
  const hostnameId = hostnameField(product)?.id;
  const customfields = { ...d.customfields, ...(hostnameId === undefined ? {} : { [String(hostnameId)]: d.hostname }) };
  return {
    kind: 'product',
    key,
    pid: product.pid,
    name: product.name,
    billingcycle: d.billingcycle,
    cycleCents: cycle?.cents ?? 0,
    setupCents: cycle?.setupCents ?? 0,
    configoptions: { ...d.options },
    optionLines: product.configOptions.map((o) => {
      const value = d.options[String(o.id)] ?? 0;
      return { name: o.name, choice: choiceText(o, value), cents: optionCents(o, value, d.billingcycle) };
    }),
    addons: product.addons.filter((a) => d.addons.includes(a.id)).map((a) => ({ id: a.id, name: a.name, ...addonPrice(a, d.billingcycle) })),
    customfields: Object.fromEntries(Object.entries(customfields).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== '')),
    domain: withKeptFields({ ...d.domain, name: d.domain.name.trim().toLowerCase(), prices: ordersDomain(d.domain) ? prices : null }),
    hostname: d.hostname.trim(),
    ns1prefix: d.ns1prefix.trim(),
    ns2prefix: d.ns2prefix.trim(),
  };
}
