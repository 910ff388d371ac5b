/**
 * The shared part of the provider's data: product catalogue (groups, products, add-ons, configurable
 * options), TLD prices and support departments. Built in memory first, because account data refers to it.
 */
import { charmPrice, formatCents, scaleCents } from './money.js';
import type { Rng } from './rng.js';

export type ProductType = 'hostingaccount' | 'reselleraccount' | 'server' | 'other';

export interface BillingCycle {
  /** As services show it: 'Monthly', 'Semi-Annually'... */
  readonly name: string;
  /** Key in the pricing JSON: 'monthly', 'semiannually'... */
  readonly key: string;
  /** First letter of the setup-fee key: 'm' for 'msetupfee'. */
  readonly setupKey: string;
  readonly months: number;
  /** Price of this cycle relative to paying monthly for as long (long cycles are discounted). */
  readonly factor: number;
}

export const BILLING_CYCLES: readonly BillingCycle[] = [
  { name: 'Monthly', key: 'monthly', setupKey: 'm', months: 1, factor: 1 },
  { name: 'Quarterly', key: 'quarterly', setupKey: 'q', months: 3, factor: 1 },
  { name: 'Semi-Annually', key: 'semiannually', setupKey: 's', months: 6, factor: 0.95 },
  { name: 'Annually', key: 'annually', setupKey: 'a', months: 12, factor: 0.85 },
  { name: 'Biennially', key: 'biennially', setupKey: 'b', months: 24, factor: 0.8 },
  { name: 'Triennially', key: 'triennially', setupKey: 't', months: 36, factor: 0.75 },
];

export const FREE_ACCOUNT = 'Free Account';

export interface CycleOffer {
  readonly cycle: BillingCycle;
  readonly priceCents: number;
  readonly setupCents: number;
}

export interface CustomFieldDefinition {
  readonly id: number;
  readonly name: string;
}

export interface ConfigChoice {
  readonly id: number;
  readonly name: string;
  readonly monthlyCents: number;
}

export interface ConfigOption {
  readonly id: number;
  readonly name: string;
  readonly type: 'dropdown' | 'radio' | 'yesno' | 'quantity';
  readonly choices: readonly ConfigChoice[];
}

export interface Addon {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly cycle: BillingCycle;
  readonly priceCents: number;
}

export interface Product {
  readonly pid: number;
  readonly gid: number;
  readonly groupName: string;
  readonly type: ProductType;
  readonly name: string;
  readonly description: string;
  readonly paytype: 'recurring' | 'free';
  /** Empty for free products. */
  readonly offers: readonly CycleOffer[];
  readonly addons: readonly Addon[];
  readonly configOptions: readonly ConfigOption[];
  readonly customFields: readonly CustomFieldDefinition[];
  /** Disk and bandwidth limits in MB; 0 when not metered. */
  readonly diskLimitMb: number;
  readonly bandwidthLimitMb: number;
}

export interface TldPrice {
  readonly tld: string;
  readonly maxYears: number;
  /** Price in cents, indexed by years - 1. */
  readonly register: readonly number[];
  readonly transfer: readonly number[];
  readonly renew: readonly number[];
}

/** A custom field a department's tickets ask for; its value goes in open-ticket's customfields under its id. */
export interface DepartmentCustomField {
  readonly id: number;
  readonly name: string;
  readonly type: 'text' | 'dropdown' | 'tickbox';
  /** A dropdown's choices. */
  readonly options: readonly string[];
  readonly required: boolean;
}

export interface Department {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  readonly customFields: readonly DepartmentCustomField[];
}

export interface Catalogue {
  readonly groups: readonly { readonly id: number; readonly name: string }[];
  readonly products: readonly Product[];
  readonly addons: readonly Addon[];
  readonly tlds: readonly TldPrice[];
  readonly departments: readonly Department[];
}

type AddonKind = 'hosting' | 'reseller' | 'vps' | 'dedicated' | 'email';

interface GroupTemplate {
  readonly name: string;
  readonly type: ProductType;
  readonly addonKind: AddonKind | null;
  readonly tiers: readonly string[];
  /** Monthly price of the first tier; each tier costs more. */
  readonly baseMonthlyCents: number;
  readonly tierFactor: number;
  readonly setupCents: number;
  /** Cycles offered; an empty list makes the group's products free. */
  readonly cycles: readonly string[];
  readonly diskGbByTier: readonly number[];
  readonly features: readonly string[];
  readonly configOptions: readonly OptionTemplate[];
  readonly customFields: readonly string[];
}

interface OptionTemplate {
  readonly name: string;
  readonly type: ConfigOption['type'];
  readonly choices: readonly (readonly [name: string, monthlyCents: number])[];
}

const ALL_CYCLES = ['Monthly', 'Quarterly', 'Semi-Annually', 'Annually', 'Biennially', 'Triennially'];

const OS_OPTION: OptionTemplate = {
  name: 'Operating System', type: 'dropdown',
  choices: [['Ubuntu 24.04 LTS', 0], ['Debian 12', 0], ['AlmaLinux 9', 0], ['Windows Server 2022', 1500]],
};
const PANEL_OPTION: OptionTemplate = {
  name: 'Control Panel', type: 'radio', choices: [['None', 0], ['cPanel & WHM', 1500], ['Plesk Web Pro', 1250]],
};
const RAM_OPTION: OptionTemplate = { name: 'Extra RAM (GB)', type: 'quantity', choices: [['GB', 250]] };
const BACKUP_OPTION: OptionTemplate = { name: 'Automated Backups', type: 'yesno', choices: [['Enable', 300]] };
const DATACENTER_OPTION: OptionTemplate = {
  name: 'Data Center', type: 'radio', choices: [['Frankfurt', 0], ['Amsterdam', 0], ['New York', 0]],
};

const GROUP_TEMPLATES: readonly GroupTemplate[] = [
  {
    name: 'Shared Hosting', type: 'hostingaccount', addonKind: 'hosting',
    tiers: ['Starter', 'Plus', 'Pro', 'Business', 'Agency'], baseMonthlyCents: 399, tierFactor: 1.7, setupCents: 0,
    cycles: ALL_CYCLES, diskGbByTier: [10, 25, 50, 100, 200],
    features: ['Free SSL certificates', 'Daily backups', 'Unlimited e-mail accounts', 'PHP 8.3 & MariaDB'],
    configOptions: [DATACENTER_OPTION], customFields: ['Migrate existing website?'],
  },
  {
    name: 'Reseller Hosting', type: 'reselleraccount', addonKind: 'reseller',
    tiers: ['Reseller S', 'Reseller M', 'Reseller L'], baseMonthlyCents: 1999, tierFactor: 1.6, setupCents: 0,
    cycles: ['Monthly', 'Quarterly', 'Annually'], diskGbByTier: [50, 150, 400],
    features: ['WHM access', 'White-label nameservers', 'Free WHMCS licence'],
    configOptions: [], customFields: ['Private nameserver prefix'],
  },
  {
    name: 'Cloud VPS', type: 'server', addonKind: 'vps',
    tiers: ['VPS 1 GB', 'VPS 2 GB', 'VPS 4 GB', 'VPS 8 GB', 'VPS 16 GB'], baseMonthlyCents: 599, tierFactor: 1.8,
    setupCents: 0, cycles: ['Monthly', 'Quarterly', 'Semi-Annually', 'Annually'], diskGbByTier: [25, 50, 80, 160, 320],
    features: ['NVMe storage', 'Full root access', '1 Gbit/s uplink'],
    configOptions: [OS_OPTION, PANEL_OPTION, RAM_OPTION, BACKUP_OPTION], customFields: ['Hostname', 'SSH public key'],
  },
  {
    name: 'Dedicated Servers', type: 'server', addonKind: 'dedicated',
    tiers: ['Xeon E-2236', 'EPYC 7313P', 'EPYC 9354P'], baseMonthlyCents: 8900, tierFactor: 1.5, setupCents: 4900,
    cycles: ['Monthly', 'Quarterly', 'Annually'], diskGbByTier: [1000, 2000, 4000],
    features: ['IPMI access', '/29 IPv4 subnet', '24/7 hardware replacement'],
    configOptions: [OS_OPTION, PANEL_OPTION, BACKUP_OPTION], customFields: ['Hostname'],
  },
  {
    name: 'Email & Office', type: 'other', addonKind: 'email',
    tiers: ['Business Email', 'Business Email Plus', 'Microsoft 365 Business Basic'], baseMonthlyCents: 199,
    tierFactor: 2.2, setupCents: 0, cycles: ['Monthly', 'Annually'], diskGbByTier: [0, 0, 0],
    features: ['Webmail, IMAP & ActiveSync', 'Spam & virus filtering'], configOptions: [], customFields: [],
  },
  {
    name: 'SSL Certificates', type: 'other', addonKind: null,
    tiers: ['RapidSSL', 'Sectigo Wildcard', 'GeoTrust True BusinessID EV'], baseMonthlyCents: 249, tierFactor: 6,
    setupCents: 0, cycles: ['Annually', 'Biennially'], diskGbByTier: [0, 0, 0],
    features: ['256-bit encryption', 'Site seal'], configOptions: [], customFields: ['CSR common name'],
  },
  {
    name: 'Free Services', type: 'other', addonKind: null,
    tiers: ['Free DNS Hosting', 'Domain Parking'], baseMonthlyCents: 0, tierFactor: 1, setupCents: 0,
    cycles: [], diskGbByTier: [0, 0], features: ['Anycast DNS'], configOptions: [], customFields: [],
  },
];

const ADDON_TEMPLATES: readonly (readonly [name: string, cycle: string, cents: number, kinds: readonly AddonKind[]])[] = [
  ['Daily Off-site Backups', 'Monthly', 200, ['hosting', 'reseller', 'vps']],
  ['Dedicated IP Address', 'Monthly', 300, ['hosting', 'reseller', 'vps', 'dedicated']],
  ['PositiveSSL Certificate', 'Annually', 995, ['hosting', 'reseller']],
  ['SpamExperts Incoming Filter', 'Monthly', 150, ['hosting', 'email']],
  ['SiteLock Malware Scanner', 'Monthly', 299, ['hosting']],
  ['cPanel Licence', 'Monthly', 1500, ['vps', 'dedicated']],
  ['Managed Server Support', 'Monthly', 2900, ['vps', 'dedicated']],
  ['Extra 50 GB Storage', 'Monthly', 500, ['vps', 'email', 'dedicated']],
  ['DDoS Protection Plus', 'Monthly', 1900, ['vps', 'dedicated']],
  ['WHMCS Licence', 'Monthly', 1595, ['reseller']],
];

/** [tld, first-year registration, transfer, renewal (cents), longest registration in years]. */
const TLD_TEMPLATES: readonly (readonly [string, number, number, number, number])[] = [
  ['.com', 1195, 1195, 1395, 10], ['.net', 1395, 1395, 1495, 10], ['.org', 1295, 1295, 1495, 10],
  ['.io', 3995, 3995, 4495, 5], ['.de', 695, 695, 695, 5], ['.co.uk', 895, 895, 995, 10], ['.eu', 795, 795, 895, 10],
  ['.info', 399, 1495, 1995, 10], ['.app', 1695, 1695, 1695, 10], ['.dev', 1495, 1495, 1495, 10],
  ['.shop', 299, 2995, 3295, 10], ['.online', 199, 2995, 3495, 5], ['.store', 199, 4495, 4995, 5],
  ['.tech', 499, 4495, 4995, 10], ['.xyz', 199, 1295, 1395, 10], ['.co', 2495, 2495, 2695, 5],
  ['.me', 495, 1795, 1995, 10], ['.nl', 695, 695, 795, 5], ['.fr', 895, 895, 995, 10], ['.es', 795, 795, 895, 5],
  ['.biz', 1495, 1495, 1795, 10], ['.ch', 995, 995, 995, 5],
  // Registries that ask for TLD-specific fields (shared/domain-fields.ts): .it, .us, .uk (and .co.uk, .de, .eu above).
  ['.it', 795, 795, 895, 10], ['.us', 895, 895, 1095, 10], ['.uk', 795, 795, 895, 10],
];

const DEPARTMENT_NAMES: readonly (readonly [string, string])[] = [
  ['Sales', 'sales'], ['Technical Support', 'support'], ['Billing', 'billing'],
  ['Domains & Transfers', 'domains'], ['Abuse', 'abuse'], ['Server Management', 'servers'],
];

export function buildCatalogue(rng: Rng, productCount: number): Catalogue {
  const groups = GROUP_TEMPLATES.map((template, index) => ({ id: index + 1, name: template.name }));
  const addons = buildAddons();
  const ids = { configOption: 1, configChoice: 1 };
  const products = productSlots(productCount).map(([template, tier], index) =>
    buildProduct(rng, index + 1, template, tier, addons, ids));
  return { groups, products, addons, tlds: TLD_TEMPLATES.map(buildTldPrice), departments: buildDepartments() };
}

/**
 * Which group and tier each product is: round-robin over the groups, one tier at a time, so that even a
 * small catalogue has every group. Past the last tier, the tiers repeat as legacy plans.
 */
function productSlots(count: number): [GroupTemplate, number][] {
  const slots: [GroupTemplate, number][] = [];
  for (let tier = 0; slots.length < count; tier++) {
    for (const template of GROUP_TEMPLATES) {
      const round = Math.floor(tier / template.tiers.length);
      // Free groups are not repeated as legacy plans: one of each is enough.
      if (round > 0 && template.cycles.length === 0) continue;
      if (slots.length < count) slots.push([template, tier]);
    }
  }
  return slots;
}

function buildProduct(
  rng: Rng, pid: number, template: GroupTemplate, tier: number, addons: readonly Addon[],
  ids: { configOption: number; configChoice: number },
): Product {
  const tierIndex = tier % template.tiers.length;
  const round = Math.floor(tier / template.tiers.length);
  const tierName = template.tiers[tierIndex] as string;
  const name = round === 0 ? tierName : `${tierName} (Legacy ${round})`;
  // Legacy plans were cheaper; older ones more so.
  const monthly = template.baseMonthlyCents === 0 ? 0
    : charmPrice(scaleCents(template.baseMonthlyCents, template.tierFactor ** tierIndex * 0.9 ** round));
  const offers = template.cycles.map((cycleName): CycleOffer => {
    const cycle = cycleNamed(cycleName);
    return { cycle, priceCents: scaleCents(monthly, cycle.months * cycle.factor), setupCents: template.setupCents };
  });
  const applicable = template.addonKind === null ? []
    : addons.filter((addon) => addonKinds(addon).includes(template.addonKind as AddonKind));
  // Some products have 2-4 add-ons; the rest none.
  const productAddons = applicable.length > 0 && rng.chance(0.7)
    ? rng.sample(applicable, rng.int(2, 4)).sort((a, b) => a.id - b.id) : [];
  const diskGb = template.diskGbByTier[tierIndex] ?? 0;
  return {
    pid, gid: GROUP_TEMPLATES.indexOf(template) + 1, groupName: template.name, type: template.type, name,
    description: productDescription(rng, template, diskGb),
    paytype: offers.length === 0 ? 'free' : 'recurring',
    offers, addons: productAddons,
    configOptions: buildConfigOptions(rng, template, ids),
    customFields: template.customFields.map((fieldName, k) => ({ id: pid * 10 + k + 1, name: fieldName })),
    diskLimitMb: diskGb * 1024,
    bandwidthLimitMb: template.type === 'hostingaccount' || template.type === 'reselleraccount' ? diskGb * 1024 * 10 : 0,
  };
}

function productDescription(rng: Rng, template: GroupTemplate, diskGb: number): string {
  if (rng.chance(0.15)) return ''; // catalogue descriptions may be empty
  const lines = diskGb > 0 ? [`${diskGb} GB SSD storage`, ...template.features] : [...template.features];
  return lines.join('\n');
}

/** Hosting products get a configurable data-centre option only sometimes; servers always get theirs. */
function buildConfigOptions(
  rng: Rng, template: GroupTemplate, ids: { configOption: number; configChoice: number },
): ConfigOption[] {
  if (template.configOptions.length === 0) return [];
  if (template.type !== 'server' && !rng.chance(0.5)) return [];
  return template.configOptions.map((option) => ({
    id: ids.configOption++,
    name: option.name,
    type: option.type,
    choices: option.choices.map(([choiceName, cents]) => ({ id: ids.configChoice++, name: choiceName, monthlyCents: cents })),
  }));
}

/**
 * A configurable option choice over a cycle, as upstream prices each cycle of an option on its own: its monthly
 * price for as long, discounted over long cycles as products are.
 */
export function choiceCycleCents(monthlyCents: number, cycle: BillingCycle): number {
  return scaleCents(monthlyCents * cycle.months, cycle.factor);
}

/** A choice's pricing JSON: every cycle priced, no setup fee. */
export function choicePricingJson(monthlyCents: number): string {
  return pricingJson(BILLING_CYCLES.map((cycle) => ({ cycle, priceCents: choiceCycleCents(monthlyCents, cycle), setupCents: 0 })));
}

/**
 * An add-on's cycles: its own and every longer one, each its own cycle's price for as long, discounted as products
 * are (an add-on ordered with a product is billed for the product's cycle when it offers it, as upstream).
 */
export function addonOffers(addon: Addon): CycleOffer[] {
  return BILLING_CYCLES.filter((cycle) => cycle.months >= addon.cycle.months).map((cycle) => ({
    cycle,
    priceCents: scaleCents((addon.priceCents * cycle.months) / addon.cycle.months, cycle.factor / addon.cycle.factor),
    setupCents: 0,
  }));
}

function buildAddons(): Addon[] {
  return ADDON_TEMPLATES.map(([name, cycle, cents], index) => ({
    id: index + 1, name, description: `${name} for your service.`, cycle: cycleNamed(cycle), priceCents: cents,
  }));
}

function addonKinds(addon: Addon): readonly AddonKind[] {
  return ADDON_TEMPLATES[addon.id - 1]?.[3] ?? [];
}

function buildTldPrice([tld, register, transfer, renew, maxYears]: readonly [string, number, number, number, number]): TldPrice {
  const years = Array.from({ length: maxYears }, (_, i) => i);
  return {
    tld, maxYears,
    register: years.map((extra) => register + renew * extra),
    transfer: years.map((extra) => transfer + renew * extra),
    renew: years.map((extra) => renew * (extra + 1)),
  };
}

/**
 * Server Management asks which server and service a ticket is about; the other departments ask nothing (the
 * last one, so the departments tests and the generated tickets use ask for no fields).
 */
const DEPARTMENT_FIELDS: Readonly<Record<string, readonly Omit<DepartmentCustomField, 'id'>[]>> = {
  'Server Management': [
    { name: 'Server hostname', type: 'text', options: [], required: true },
    { name: 'Affected service type', type: 'dropdown', options: ['Web hosting', 'Email', 'VPS', 'DNS'], required: false },
    { name: 'Happened after a change on our side', type: 'tickbox', options: [], required: false },
  ],
};

function buildDepartments(): Department[] {
  let fieldId = 1;
  return DEPARTMENT_NAMES.map(([name, mailbox], index) => ({
    id: index + 1, name, email: `${mailbox}@hostingprovider.net`,
    customFields: (DEPARTMENT_FIELDS[name] ?? []).map((field) => ({ ...field, id: fieldId++ })),
  }));
}

function cycleNamed(name: string): BillingCycle {
  const cycle = BILLING_CYCLES.find((c) => c.name === name);
  if (!cycle) throw new Error(`Unknown billing cycle '${name}'`);
  return cycle;
}

/** The pricing JSON of the products/addons tables: one USD entry, '-1.00' for cycles not offered. */
export function pricingJson(offers: readonly CycleOffer[]): string {
  const usd: Record<string, string> = { prefix: '$', suffix: ' USD' };
  for (const cycle of BILLING_CYCLES) {
    const offer = offers.find((o) => o.cycle === cycle);
    usd[`${cycle.setupKey}setupfee`] = formatCents(offer?.setupCents ?? 0);
  }
  for (const cycle of BILLING_CYCLES) {
    const offer = offers.find((o) => o.cycle === cycle);
    usd[cycle.key] = offer ? formatCents(offer.priceCents) : '-1.00';
  }
  return JSON.stringify({ USD: usd });
}
