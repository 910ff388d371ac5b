/** Hosting products/services of a client account. */
import { addMonths, formatDay, formatMoment, lastCycleDateBefore, nextCycleDate, UNSET_DATE, UNSET_DATETIME } from './calendar.js';
import { choiceCycleCents, FREE_ACCOUNT, type BillingCycle, type Catalogue, type CycleOffer, type Product } from './catalogue.js';
import { drawUnique, type AccountContext, type Gateway, type OrderRecord, type ServiceRecord } from './model.js';
import { ALPHANUMERIC, type Rng } from './rng.js';
import type { DomainNamer } from './domains.js';
import { momentOn, servicePassword, usernameFor } from './values.js';
import { SHARED_SERVERS, SUSPENSION_REASONS, VIRTUALIZATION_SERVERS, type Server } from './vocabulary.js';

/** How often each product group is bought; groups not listed weigh 5. */
const GROUP_POPULARITY: Readonly<Record<string, number>> = {
  'Shared Hosting': 40, 'Cloud VPS': 20, 'Email & Office': 12, 'SSL Certificates': 8, 'Reseller Hosting': 6,
  'Dedicated Servers': 4, 'Free Services': 4,
};

const CYCLE_POPULARITY: Readonly<Record<string, number>> = {
  Monthly: 40, Quarterly: 8, 'Semi-Annually': 8, Annually: 32, Biennially: 9, Triennially: 3,
};

export interface ServiceFactory {
  readonly ctx: AccountContext;
  readonly rng: Rng;
  readonly namer: DomainNamer;
  /** The catalogue products of each product group, with how popular the group is. */
  readonly productGroups: readonly (readonly [readonly Product[], number])[];
}

export function productGroupsByPopularity(catalogue: Catalogue): (readonly [readonly Product[], number])[] {
  return catalogue.groups
    .map((group) => [catalogue.products.filter((p) => p.gid === group.id), GROUP_POPULARITY[group.name] ?? 5] as const)
    .filter(([products]) => products.length > 0);
}

export interface ServicePlacement {
  readonly order: OrderRecord | null;
  readonly regDay: number;
  readonly gateway: Gateway;
  /** The domain registered in the same order, if any. */
  readonly domain: string | null;
}

export function createService(factory: ServiceFactory, placement: ServicePlacement): ServiceRecord {
  const { rng, ctx } = factory;
  const product = rng.pick(rng.weighted(factory.productGroups));
  const offer = product.offers.length === 0 ? null
    : rng.weighted(product.offers.map((o) => [o, CYCLE_POPULARITY[o.cycle.name] ?? 1] as const));
  const status = statusOf(rng, placement.order, placement.regDay, ctx.today);
  const domain = placement.domain ?? factory.namer.next(rng);
  const configOptions = chooseConfigOptions(rng, product, offer?.cycle ?? null);
  const months = offer?.cycle.months ?? 0;
  const recurringCents = offer ? offer.priceCents + configOptions.cents : 0;
  const nextDueDay = offer ? nextDue(rng, status, placement.regDay, months, ctx.today) : null;
  return {
    id: 0,
    order: placement.order,
    product,
    regDay: placement.regDay,
    cycleName: offer?.cycle.name ?? FREE_ACCOUNT,
    status,
    domain: product.type === 'server' ? `srv${rng.int(1, 40)}.${domain}` : domain,
    gateway: placement.gateway,
    firstPaymentCents: recurringCents + (offer?.setupCents ?? 0),
    recurringCents,
    nextDueDay,
    customFields: product.customFields.map((field) => ({ ...field, value: customFieldValue(rng, field.name, domain) })),
    configOptions: configOptions.rows,
    columns: {
      ...serverColumns(rng, product),
      ...usageColumns(rng, product, status, ctx),
      ...suspensionColumns(rng, status, ctx.today),
      username: product.type === 'other' ? ''
        : drawUnique(ctx.unique.serviceUsernames, (attempt) => usernameFor(rng, domain, attempt)),
      password: product.type === 'other' ? '' : servicePassword(rng),
      subscriptionid: subscriptionId(rng, placement.gateway, offer, status),
      promoid: rng.chance(0.05) ? rng.int(1, 5) : 0,
      ns1: product.type === 'server' ? `ns1.${domain}` : '',
      ns2: product.type === 'server' ? `ns2.${domain}` : '',
      notes: rng.chance(0.05) ? 'Migrated from the previous provider; keep the old IP until DNS has propagated.' : '',
    },
  };
}

function statusOf(rng: Rng, order: OrderRecord | null, regDay: number, today: number): string {
  switch (order?.status) {
    case 'Pending': return 'Pending';
    case 'Cancelled': return 'Cancelled';
    case 'Fraud': return 'Fraud';
    default: {
      const status = rng.weighted([['Active', 76], ['Suspended', 7], ['Terminated', 9], ['Cancelled', 6], ['Pending', 2]]);
      // Only a recent service can still be waiting for setup.
      return status === 'Pending' && regDay < today - 20 ? 'Active' : status;
    }
  }
}

/** Next due date for a paid service: ahead for live services, behind for overdue or ended ones. */
function nextDue(rng: Rng, status: string, regDay: number, months: number, today: number): number {
  switch (status) {
    case 'Active': return nextCycleDate(regDay, months, today);
    case 'Suspended': return lastCycleDateBefore(regDay, months, today - 7);
    case 'Terminated':
    case 'Cancelled': {
      const endedOn = rng.int(Math.min(today, addMonths(regDay, months)), today);
      return lastCycleDateBefore(regDay, months, endedOn);
    }
    default: return regDay; // Pending, Fraud: the first payment is still due
  }
}

/** The options a service has, and their price over its cycle (none for a free product). */
function chooseConfigOptions(rng: Rng, product: Product, cycle: BillingCycle | null): {
  rows: { id: number; option: string; type: string; value: string }[]; cents: number;
} {
  let cents = 0;
  const over = (monthlyCents: number) => (cycle ? choiceCycleCents(monthlyCents, cycle) : 0);
  const rows = product.configOptions.map((option) => {
    let value: string;
    if (option.type === 'quantity') {
      const quantity = rng.int(0, 8);
      cents += quantity * over(option.choices[0]?.monthlyCents ?? 0);
      value = String(quantity);
    } else if (option.type === 'yesno') {
      const enabled = rng.chance(0.4);
      if (enabled) cents += over(option.choices[0]?.monthlyCents ?? 0);
      value = enabled ? '1' : '0';
    } else {
      const choice = rng.pick(option.choices);
      cents += over(choice.monthlyCents);
      value = choice.name;
    }
    return { id: option.id, option: option.name, type: option.type, value };
  });
  return { rows, cents };
}

function customFieldValue(rng: Rng, fieldName: string, domain: string): string {
  switch (fieldName) {
    case 'Hostname': return `server${rng.int(1, 9)}.${domain}`;
    case 'SSH public key':
      return rng.chance(0.7) ? `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${rng.chars(ALPHANUMERIC, 43)} admin@${domain}` : '';
    case 'Migrate existing website?': return rng.pick(['Yes', 'No', 'No']);
    case 'Private nameserver prefix': return rng.pick(['ns', 'dns', 'ns-']);
    case 'CSR common name': return `www.${domain}`;
    default: return '';
  }
}

function serverFor(rng: Rng, product: Product): Server | null {
  if (product.type === 'other') return null;
  if (product.type === 'server') {
    return product.groupName === 'Dedicated Servers' ? VIRTUALIZATION_SERVERS[2] ?? null
      : rng.pick(VIRTUALIZATION_SERVERS.slice(0, 2));
  }
  return rng.pick(SHARED_SERVERS);
}

function serverColumns(rng: Rng, product: Product): Record<string, string | number> {
  const server = serverFor(rng, product);
  const ownIp = product.type === 'server' ? `198.51.100.${rng.int(100, 250)}` : '';
  const extraIps = product.groupName === 'Dedicated Servers'
    ? [1, 2, 3].map((k) => `192.0.2.${rng.int(60, 70) + k * 10}`).join('\n') : '';
  return {
    serverid: server?.id ?? 0,
    servername: server?.name ?? '',
    serverip: server?.ip ?? '',
    serverhostname: server?.hostname ?? '',
    dedicatedip: ownIp,
    assignedips: extraIps,
  };
}

/** Disk and bandwidth figures (MB) of metered hosting, last read from the server yesterday. */
function usageColumns(rng: Rng, product: Product, status: string, ctx: AccountContext): Record<string, string | number> {
  const metered = product.diskLimitMb > 0 && product.bandwidthLimitMb > 0;
  const live = status === 'Active' || status === 'Suspended';
  if (!metered) return { diskusage: 0, disklimit: 0, bwusage: 0, bwlimit: 0, lastupdate: UNSET_DATETIME };
  return {
    diskusage: live ? rng.int(50, Math.floor(product.diskLimitMb * 0.95)) : 0,
    disklimit: product.diskLimitMb,
    bwusage: live ? rng.int(100, Math.floor(product.bandwidthLimitMb * 0.6)) : 0,
    bwlimit: product.bandwidthLimitMb,
    lastupdate: live ? formatMoment(Math.min(momentOn(rng, ctx.today - 1), ctx.latestMoment)) : UNSET_DATETIME,
  };
}

function suspensionColumns(rng: Rng, status: string, today: number): Record<string, string> {
  if (status === 'Suspended') {
    return { suspensionreason: rng.pick(SUSPENSION_REASONS), overideautosuspend: '', overidesuspenduntil: UNSET_DATE };
  }
  // A few live services are protected from automatic suspension until a date (a payment arrangement).
  if (status === 'Active' && rng.chance(0.03)) {
    return { suspensionreason: '', overideautosuspend: 'on', overidesuspenduntil: formatDay(today + rng.int(5, 60)) };
  }
  return { suspensionreason: '', overideautosuspend: '', overidesuspenduntil: UNSET_DATE };
}

function subscriptionId(rng: Rng, gateway: Gateway, offer: CycleOffer | null, status: string): string {
  if (!offer || status !== 'Active' || !rng.chance(0.4)) return '';
  if (gateway.code === 'paypal') return `I-${rng.chars('ABCDEFGHJKLMNPRSTUVWXYZ0123456789', 12)}`;
  if (gateway.code === 'stripe') return `sub_1${rng.chars(ALPHANUMERIC, 23)}`;
  return '';
}
