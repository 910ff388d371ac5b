/**
 * How a ticket or reply is written: Markdown or not (`markdown`), and by whom: the account holder (nothing sent),
 * a contact (`contactid`), or someone who is not a client (`name` and `email`, sent instead of the own client id).
 */
import type { LocalId } from '../../../../shared/outbox/local-ids';

/** Who writes it, as a ticket form's draft keeps it (a type, not an interface: a draft is a plain record). */
export type Author = {
  contactid: number | LocalId | null;
  nonClient: boolean;
  name: string;
  email: string;
};

/** The account holder: a blank form's author. */
export const ACCOUNT_HOLDER: Author = { contactid: null, nonClient: false, name: '', email: '' };

export function authorship(markdown: boolean, author: Author) {
  const who = author.nonClient ? { name: author.name.trim(), email: author.email.trim() } : author.contactid === null ? {} : { contactid: author.contactid };
  return { ...(markdown ? { markdown: true } : {}), ...who };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A non-client's name and e-mail left empty or not an address, in the words given, by field. */
export function authorProblems(author: Author, words: { required: string; email: string }): Record<string, string> {
  if (!author.nonClient) return {};
  const problems: Record<string, string> = {};
  if (author.name.trim() === '') problems.name = words.required;
  if (author.email.trim() === '') problems.email = words.required;
  else if (!EMAIL.test(author.email.trim())) problems.email = words.email;
  return problems;
}
