/** The answer to a proxy's 407 (network/agents.ts): the Basic header for the account's sign-in, or why not in words. */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SIGN_IN_REFUSED, ADDRESS_SIGN_IN_REFUSED, answerToSignIn, challengeSchemes, SIGN_IN_WORDS } from '../../electron/core/network/agents.js';

const SIGN_IN = { user: 'corp\\desk', password: 'pä:ss' };

describe('challengeSchemes', () => {
  it("reads each challenge's scheme, not its parameters, from one header or several", () => {
    expect(challengeSchemes('Basic realm="corp", charset="UTF-8"')).toEqual(['Basic']);
    expect(challengeSchemes('Negotiate, NTLM')).toEqual(['Negotiate', 'NTLM']);
    expect(challengeSchemes(['Negotiate abc==', 'Basic realm="corp"'])).toEqual(['Negotiate', 'Basic']);
    expect(challengeSchemes(undefined)).toEqual([]);
  });
});

describe('answerToSignIn', () => {
  it("answers Basic (or a 407 that names no scheme) with the account's user and password, in UTF-8 base64", () => {
    const header = `Basic ${Buffer.from('corp\\desk:pä:ss').toString('base64')}`;
    expect(answerToSignIn('Basic realm="corp"', SIGN_IN, 'none')).toEqual({ header });
    expect(answerToSignIn('basic realm="corp"', SIGN_IN, 'none')).toEqual({ header });
    expect(answerToSignIn(['NTLM', 'Basic realm="corp"'], SIGN_IN, 'none')).toEqual({ header });
    expect(answerToSignIn(undefined, SIGN_IN, 'none')).toEqual({ header });
  });

  it('says why not: no sign-in, a refused one (the address\'s or the account\'s), or a scheme the app cannot answer', () => {
    expect(answerToSignIn('Basic realm="corp"', undefined, 'none')).toEqual({ refusal: SIGN_IN_WORDS });
    expect(answerToSignIn('Basic realm="corp"', SIGN_IN, 'account')).toEqual({ refusal: ACCOUNT_SIGN_IN_REFUSED });
    expect(answerToSignIn('Basic realm="corp"', undefined, 'address')).toEqual({ refusal: ADDRESS_SIGN_IN_REFUSED });
    expect(answerToSignIn('Negotiate, NTLM', SIGN_IN, 'none')).toEqual({
      refusal: "asks for a Negotiate/NTLM sign-in, which the app cannot give: give the proxy's address with a user name and password it accepts, or ask whoever runs it",
    });
    expect(JSON.stringify(answerToSignIn('NTLM', SIGN_IN, 'account'))).not.toContain(SIGN_IN.password);
  });
});
