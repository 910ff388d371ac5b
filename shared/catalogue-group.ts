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
