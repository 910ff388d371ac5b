/**
 * The cart as its saved draft must be to be shown (cart.ts's Cart): checked when the draft is read back, so that a
 * cart changed outside the app, or kept by an older version in another shape, is set aside instead of breaking
 * the screens that show it (issue 35.15). Fields an older cart may lack are optional, as cart.ts says.
 */
import { z } from 'zod';
import { isLocalId, type LocalId } from '../../../../shared/outbox/local-ids';

const cents = z.number().int();
const termPrices = z.record(z.string(), z.unknown());

const DomainChoiceSchema = z.object({
  mode: z.enum(['none', 'register', 'transfer', 'held']),
  name: z.string(),
  regperiod: z.number().int().min(1),
  idprotection: z.boolean(),
  emailforwarding: z.boolean(),
  dnsmanagement: z.boolean(),
  prices: z.object({ register: termPrices, transfer: termPrices, renew: termPrices }).nullable(),
  // Absent in a cart kept before the app asked for registry fields.
  fields: z.record(z.string(), z.string()).optional(),
});

const ProductLineSchema = z.object({
  kind: z.literal('product'),
  key: z.string(),
  pid: z.number().int(),
  name: z.string(),
  billingcycle: z.string(),
  cycleCents: cents,
  setupCents: cents,
  configoptions: z.record(z.string(), z.number()),
  optionLines: z.array(z.object({ name: z.string(), choice: z.string(), cents: cents.nullable() })),
  addons: z.array(z.object({ id: z.number().int(), name: z.string(), cents, cycle: z.string().optional() })),
  customfields: z.record(z.string(), z.string()),
  domain: DomainChoiceSchema,
  hostname: z.string(),
  ns1prefix: z.string(),
  ns2prefix: z.string(),
});

const DomainLineSchema = z.object({ kind: z.literal('domain'), key: z.string(), domain: DomainChoiceSchema });

export const CartSchema = z.object({
  lines: z.array(z.discriminatedUnion('kind', [ProductLineSchema, DomainLineSchema])),
  promocode: z.string(),
  paymentmethod: z.string(),
  nameservers: z.array(z.string()),
  contactid: z.union([z.number().int(), z.custom<LocalId>(isLocalId)]).nullable(),
  eppcode: z.record(z.string(), z.string()),
  rootpw: z.record(z.string(), z.string()),
  placed: z.number().int().nullable(),
  // Absent in a cart kept before the app asked for one.
  affid: z.string().optional(),
});
