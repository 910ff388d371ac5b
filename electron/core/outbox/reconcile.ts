/**
 * An entry found `sending` (after a crash, or after a reply that never came) may or may not have taken effect.
 * Before anything is sent again, the server is asked (architecture rule 4):
 * - add-contact: contacts with the same e-mail and exactly the same first and last name;
 * - open-ticket: tickets found by subject, with exactly that subject and department, dated from the send on;
 * - add-order: the newest orders, dated from the send on, with the same contents;
 * - create-invoice: the account's invoice statistics against those recorded just before sending;
 * - add-ticket-reply: the ticket's last reply: older than the send means ours never arrived;
 * - update-contact, delete-contact, domain-request-epp: idempotent, simply sent again.
 * Exactly one unclaimed match → done with its id; no trace at all → resend; anything else → needs_review.
 * A record already matched to another entry is never claimed twice.
 */
import { engineOf } from './mutations/index.js';
import { withoutSecretParams } from './secret-fields.js';
import type { ReconcileContext, Verdict } from './server-match.js';

export type { ReconcileContext, Verdict } from './server-match.js';

/** The kind's own rules (mutations/) see the entry's params without their secrets: no kind matches by them. */
export function reconcile(ctx: ReconcileContext): Promise<Verdict> {
  const params = withoutSecretParams(ctx.row.kind, JSON.parse(ctx.row.params));
  return engineOf(ctx.row.kind).reconcile(ctx, params);
}
