/** shared/sign-out.ts: the engine's sign-out reasons read back as what the person is told. */
import { describe, expect, it } from 'vitest';
import { SIGN_IN_REFUSED, SIGNED_OUT_BY_USER, signedOutWhy } from '../../shared/sign-out.js';

describe('signedOutWhy', () => {
  it('tells the person’s own sign-out from a refused sign-in, keeping the provider’s words', () => {
    expect(signedOutWhy(SIGNED_OUT_BY_USER)).toEqual({ why: 'by_user' });
    expect(signedOutWhy(`${SIGN_IN_REFUSED}Invalid credentials`)).toEqual({ why: 'refused', message: 'Invalid credentials' });
    expect(signedOutWhy('token revoked')).toEqual({ why: 'other', message: 'token revoked' });
  });
});
