/** The mutations the outbox queues. What each kind is and does: definitions.ts. */

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
