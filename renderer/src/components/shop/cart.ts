/**
 * The cart, as data: its lines (products with their options, and domains with their registry's fields), the
 * order-wide choices (promo code, affiliate id, payment method, nameservers, the registrant contact, DNS management), and the two things made from it: the
 * price of each line and of the whole, and the ONE add-order that places it. Pure, so that both are tested
 * without a screen.
 *
 * add-order's lists run in parallel (index i of pid, domain, billingcycle, configoptions... describes the i-th
 * item): products come first, each at its index with its own domain, then the domains ordered on their own.
 * Nameservers, contactid and dnsmanagement are one per order in the provider's API, so the cart holds them once.
 * Secrets (a transfer's EPP code, a server's root password) are held apart, by line key, so that the cart's draft
 * leaves them out (drafts keep no top-level field named as a secret param: shared/outbox/drafts.ts).
 */
import type { DomainPrices } from '../../../../shared/models';
import type { LocalId } from '../../../../shared/outbox/local-ids';
import type { MutationInput } from '../../../../shared/outbox/schemas';
import { domainCents } from './catalogue-prices';
import {
  DOMAIN_FIELD_NAMES, domainFieldProblems, domainFieldsFor, domainFieldsToSend, effectiveDomainFieldValues, type DomainField,
  type DomainFieldProblem,
} from '../../../../shared/domain-fields';

export type DomainMode = 'none' | 'register' | 'transfer' | 'held';

/** A domain as a line orders it (or names it, for a product hosted on a domain already held). */
export type DomainChoice = {
  mode: DomainMode;
  name: string;
  /** Years. */
  regperiod: number;
  idprotection: boolean;
  emailforwarding: boolean;
  dnsmanagement: boolean;
  /** The whois prices of the name when they were known (checked online, or cached); null when not known offline. */
  prices: DomainPrices | null;
  /**
   * The TLD-specific fields its registry asks for (shared/domain-fields.ts), keyed by the field's name (a ticked
   * tickbox 'on'); also a field the provider named that the app does not know. Absent in an older cart.
   */
  fields?: Record<string, string>;
};

export type PricedChoice = {
  id: number;
  name: string;
  cents: number;
  /** The cycle it is billed for (an add-on: the product's when it prices it, else its own); absent in an older cart. */
  cycle?: string;
};

export type ProductLine = {
  kind: 'product';
  key: string;
  pid: number;
  name: string;
  /** The provider's cycle key: monthly, annually… */
  billingcycle: string;
  cycleCents: number;
  setupCents: number;
  /** Configurable option id → chosen choice id (a quantity's count; a yes/no's 1 or 0). */
  configoptions: Record<string, number>;
  /** The options as the review shows them: option name and the choice, with its price where the catalogue gives one. */
  optionLines: { name: string; choice: string; cents: number | null }[];
  addons: PricedChoice[];
  /** Custom field id → value. */
  customfields: Record<string, string>;
  domain: DomainChoice;
  hostname: string;
  ns1prefix: string;
  ns2prefix: string;
};

export type DomainLine = {
  kind: 'domain';
  key: string;
  domain: DomainChoice;
};

export type CartLine = ProductLine | DomainLine;

/** The cart as its draft keeps it. `eppcode` and `rootpw` (by line key) are secrets: memory only. */
export type Cart = {
  lines: CartLine[];
  promocode: string;
  paymentmethod: string;
  nameservers: string[];
  contactid: number | LocalId | null;
  eppcode: Record<string, string>;
  rootpw: Record<string, string>;
  /** The outbox entry of the order placed last (its confirmation), or null. */
  placed: number | null;
  /** The affiliate id as typed ('' for none; checked by `affidProblem`); absent in an older cart. */
  affid?: string;
};

export const NAMESERVER_COUNT = 5;

export function emptyCart(): Cart {
  return { lines: [], promocode: '', paymentmethod: '', nameservers: Array<string>(NAMESERVER_COUNT).fill(''), contactid: null, eppcode: {}, rootpw: {}, placed: null, affid: '' };
}

/**
 * A form's blank registry fields, every name any registry asks for: a form's saved draft is read back into the
 * fields its fresh draft has (forms/drafts.ts), so they must all be there before the name, and its TLD, is typed.
 */
export const blankDomainFields = (): Record<string, string> => Object.fromEntries(DOMAIN_FIELD_NAMES.map((name) => [name, '']));

/** The fields a line keeps: those given a value (a form's blanks left out). */
export const keptDomainFields = (fields: Record<string, string> | undefined): Record<string, string> | undefined => {
  const kept = Object.entries(fields ?? {}).filter(([, value]) => value.trim() !== '');
  return kept.length ? Object.fromEntries(kept) : undefined;
};

/** The domain as a line keeps it: its registry fields given a value, none when it has none. */
export function withKeptFields(domain: DomainChoice): DomainChoice {
  const { fields, ...rest } = domain;
  const kept = keptDomainFields(fields);
  return kept ? { ...rest, fields: kept } : rest;
}

export function noDomain(): DomainChoice {
  return { mode: 'none', name: '', regperiod: 1, idprotection: false, emailforwarding: false, dnsmanagement: false, prices: null };
}

/** A domain the line orders (registers or transfers), as opposed to none or one already held. */
export const ordersDomain = (domain: DomainChoice) => domain.mode === 'register' || domain.mode === 'transfer';

/** The TLD-specific fields the domain's order asks for (none for a domain not ordered, or a TLD without). */
export function orderedDomainFields(domain: DomainChoice): readonly DomainField[] {
  return ordersDomain(domain) ? domainFieldsFor(domain.name, domain.mode as 'register' | 'transfer') : [];
}

/** What its registry fields lack, field by field (each select at its default until chosen). */
export function domainChoiceProblems(domain: DomainChoice): DomainFieldProblem[] {
  const fields = orderedDomainFields(domain);
  return fields.length ? domainFieldProblems(fields, effectiveDomainFieldValues(fields, domain.fields)) : [];
}

/** The values the order sends for the domain's registry fields, keyed by name in the registry's order. */
export function domainFieldsOf(domain: DomainChoice): Record<string, string> {
  if (!ordersDomain(domain)) return {};
  const fields = orderedDomainFields(domain);
  return domainFieldsToSend(fields, effectiveDomainFieldValues(fields, domain.fields));
}

/** The affiliate id typed: empty (none), or a positive whole number; else what is wrong with it. */
export function affidProblem(typed: string | undefined): 'notNumber' | null {
  const value = (typed ?? '').trim();
  return value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number.isSafeInteger(Number(value))) ? null : 'notNumber';
}

/** A line's charges: each part with its price in cents, null where the catalogue does not give one offline. */
export function lineCharges(line: CartLine): { label: 'cycle' | 'setup' | 'addon' | 'option' | 'domain'; name: string; cents: number | null; cycle?: string }[] {
  const { domain: d } = line;
  const domain = d.mode === 'register' || d.mode === 'transfer' ? [{ label: 'domain' as const, name: d.name, cents: domainCents(d.prices, d.mode, d.regperiod) }] : [];
  if (line.kind === 'domain') return domain;
  return [
    { label: 'cycle', name: line.name, cents: line.cycleCents },
    ...(line.setupCents > 0 ? [{ label: 'setup' as const, name: line.name, cents: line.setupCents }] : []),
    ...line.optionLines.filter((o) => o.cents !== null && o.cents > 0).map((o) => ({ label: 'option' as const, name: `${o.name}: ${o.choice}`, cents: o.cents })),
    ...line.addons.map((a) => ({ label: 'addon' as const, name: a.name, cents: a.cents, ...(a.cycle ? { cycle: a.cycle } : {}) })),
    ...domain,
  ];
}

/** The total in cents of what is known, and whether some price was not known (the total is then "at least"). */
export function cartTotal(lines: readonly CartLine[]): { cents: number; unknown: boolean } {
  const charges = lines.flatMap(lineCharges);
  return {
    cents: charges.reduce((sum, c) => sum + (c.cents ?? 0), 0),
    unknown: charges.some((c) => c.cents === null),
  };
}

const trimmed = (value: string) => value.trim();
const some = <T>(values: readonly T[], has: (v: T) => boolean) => values.some(has);

/** The one add-order that places the cart (every product and domain in it). */
export function orderParams(cart: Cart): MutationInput<'add-order'> {
  const products = cart.lines.filter((l): l is ProductLine => l.kind === 'product');
  const domains = cart.lines.filter((l): l is DomainLine => l.kind === 'domain');
  const items = [...products, ...domains];
  const domainOf = (l: CartLine) => l.domain;
  const anyOrdered = items.some((l) => ordersDomain(domainOf(l)));
  const params: MutationInput<'add-order'> = {};

  if (products.length) {
    params.pid = products.map((p) => p.pid);
    params.billingcycle = products.map((p) => p.billingcycle);
    if (some(products, (p) => Object.keys(p.configoptions).length > 0)) params.configoptions = products.map((p) => p.configoptions);
    if (some(products, (p) => Object.values(p.customfields).some((v) => v.trim() !== ''))) {
      params.customfields = products.map((p) => Object.fromEntries(Object.entries(p.customfields).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])));
    }
    if (some(products, (p) => p.addons.length > 0)) params.addons = products.map((p) => p.addons.map((a) => a.id));
    for (const field of ['hostname', 'ns1prefix', 'ns2prefix'] as const) {
      if (some(products, (p) => p[field].trim() !== '')) params[field] = products.map((p) => trimmed(p[field]));
    }
    if (some(products, (p) => (cart.rootpw[p.key] ?? '') !== '')) params.rootpw = products.map((p) => cart.rootpw[p.key] ?? '');
  }
  if (items.some((l) => domainOf(l).mode !== 'none')) {
    params.domain = items.map((l) => (domainOf(l).mode === 'none' ? '' : domainOf(l).name.trim().toLowerCase()));
    params.domaintype = items.map((l) => (ordersDomain(domainOf(l)) ? (domainOf(l).mode as 'register' | 'transfer') : ''));
  }
  if (anyOrdered) {
    params.regperiod = items.map((l) => domainOf(l).regperiod);
    if (items.some((l) => domainOf(l).mode === 'transfer')) params.eppcode = items.map((l) => (domainOf(l).mode === 'transfer' ? (cart.eppcode[l.key] ?? '').trim() : ''));
    if (items.some((l) => ordersDomain(domainOf(l)) && domainOf(l).idprotection)) params.idprotection = items.map((l) => ordersDomain(domainOf(l)) && domainOf(l).idprotection);
    if (items.some((l) => ordersDomain(domainOf(l)) && domainOf(l).emailforwarding)) params.emailforwarding = items.map((l) => ordersDomain(domainOf(l)) && domainOf(l).emailforwarding);
    // Per domain, at its index: the registry's fields (an empty set for a domain that asks none).
    const fields = items.map((l) => domainFieldsOf(domainOf(l)));
    if (fields.some((f) => Object.keys(f).length > 0)) params.domainfields = fields;
    // One flag for the whole order in the provider's API: asked on any domain, it is asked for all.
    if (items.some((l) => ordersDomain(domainOf(l)) && domainOf(l).dnsmanagement)) params.dnsmanagement = true;
    cart.nameservers.forEach((ns, i) => {
      if (ns.trim() !== '') params[`nameserver${i + 1}` as 'nameserver1'] = ns.trim().toLowerCase();
    });
    if (cart.contactid !== null) params.contactid = cart.contactid;
  }
  if (cart.promocode.trim() !== '') params.promocode = cart.promocode.trim();
  if ((cart.affid ?? '').trim() !== '' && affidProblem(cart.affid) === null) params.affid = Number(cart.affid!.trim());
  if (cart.paymentmethod !== '') params.paymentmethod = cart.paymentmethod;
  const total = cartTotal(cart.lines);
  // The price the review showed, so the queued order shows it (never sent).
  if (!total.unknown) params.shownprice = (total.cents / 100).toFixed(2);
  return params;
}

/** How many items the cart holds (its badge). */
export const cartCount = (cart: Pick<Cart, 'lines'>) => cart.lines.length;
