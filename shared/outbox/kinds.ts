/** The mutations the outbox queues, and the facts about each kind that replay depends on. */

export const MUTATION_KINDS = [
  'add-contact',
  'update-contact',
  'delete-contact',
  'open-ticket',
  'add-ticket-reply',
  'create-invoice',
  'add-order',
  'domain-request-epp',
] as const;

export type MutationKind = (typeof MUTATION_KINDS)[number];

/** Kinds that create a record: each gets a local id at once and a server id when it succeeds. */
export type CreateKind = 'add-contact' | 'open-ticket' | 'create-invoice' | 'add-order';

/** The record a create makes, as it appears in record keys (`contact:local:7`, `contact:123`). */
export const CREATED_RESOURCE: Record<CreateKind, 'contact' | 'ticket' | 'invoice' | 'order'> = {
  'add-contact': 'contact',
  'open-ticket': 'ticket',
  'create-invoice': 'invoice',
  'add-order': 'order',
};

export function isCreate(kind: MutationKind): kind is CreateKind {
  return kind in CREATED_RESOURCE;
}

/**
 * Sending these twice has the same effect as once, so after a lost reply they are simply sent again.
 * The others (creates and ticket replies) are matched against the server first (DESIGN rule 4).
 */
const IDEMPOTENT: ReadonlySet<MutationKind> = new Set(['update-contact', 'delete-contact', 'domain-request-epp']);

export function isIdempotent(kind: MutationKind): boolean {
  return IDEMPOTENT.has(kind);
}

/**
 * Invoices and orders both move the account's invoice statistics, which is how a create-invoice whose reply
 * was lost is recognised. So at most one of them is unconfirmed at a time.
 */
export function touchesInvoiceStats(kind: MutationKind): boolean {
  return kind === 'create-invoice' || kind === 'add-order';
}
