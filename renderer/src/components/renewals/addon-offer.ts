/**
 * What the mirrored catalogue offers a service as an add-on: the add-ons of its product, or for several services
 * those every one's product offers, each priced for its own billing cycle as the catalogue gives it.
 */
import type { CataloguePricing, ProductAddon } from '../../../../shared/models';
import { priceRows, type PriceRow } from '../detail/pricing';

/** The add-ons found in every list, in the first list's order (none when there is no list). */
export function sharedAddons(offers: readonly (readonly ProductAddon[])[]): ProductAddon[] {
  const [first, ...others] = offers;
  if (!first) return [];
  return first.filter((addon) => others.every((offer) => offer.some((other) => other.id === addon.id)));
}

const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The add-on's price for its billing cycle ("Monthly", "Semi-Annually"…) in the currency asked for, else the
 * first the catalogue gives; null when the catalogue prices no such cycle (a one-time or free add-on).
 */
export function addonPrice(addon: { billingCycle: string; pricing: CataloguePricing }, currency: string | null): PriceRow | null {
  const cycle = letters(addon.billingCycle);
  const rows = priceRows(addon.pricing).filter((row) => row.cycle === cycle);
  return rows.find((row) => row.currency === currency) ?? rows[0] ?? null;
}
