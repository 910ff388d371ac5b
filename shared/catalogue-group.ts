/** A product group's products as the shop shows them: read from the provider when it answers, else the mirror's copy. */

export interface CatalogueGroupCheck {
  gid: number;
  /** Read from the provider just now (get-filtered-products); false: the mirror's copy, the provider out of reach. */
  fresh: boolean;
  /** When the products shown were read from the provider (ISO 8601); null when they never were. */
  asOf: string | null;
  /** How many products the group has. */
  count: number;
}

/**
 * A product group of the catalogue. The API names no group (a product carries only its `gid`); a service of one
 * of its products does (get-clients-products' `groupname`), so a group is named when the account has one.
 */
export interface ProductGroup {
  gid: number;
  /** The name the account's services give it, the most used one; null when none of its products is in use. */
  name: string | null;
  /** How many products it has in the mirror. */
  products: number;
}
