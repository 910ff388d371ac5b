/** How a ticket or reply is written: Markdown or not (`markdown`), and for which contact (`contactid`, none for the account holder). */
import type { LocalId } from '../../../../shared/outbox/local-ids';

export function authorship(markdown: boolean, contactid: number | LocalId | null) {
  return { ...(markdown ? { markdown: true } : {}), ...(contactid === null ? {} : { contactid }) };
}
