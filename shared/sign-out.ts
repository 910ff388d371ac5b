/**
 * Why an account is signed out, as the engine records it (api/session.ts): the user's own sign-out, or a sign-in
 * the provider refused (followed by its words). Front ends word these in the person's language.
 */
export const SIGNED_OUT_BY_USER = 'signed out by the user';
export const SIGN_IN_REFUSED = 'sign-in refused: ';

export type SignedOutWhy = { why: 'by_user' } | { why: 'refused'; message: string } | { why: 'other'; message: string };

export function signedOutWhy(reason: string): SignedOutWhy {
  if (reason === SIGNED_OUT_BY_USER) return { why: 'by_user' };
  if (reason.startsWith(SIGN_IN_REFUSED)) return { why: 'refused', message: reason.slice(SIGN_IN_REFUSED.length) };
  return { why: 'other', message: reason };
}
