/** The OAuth endpoints and bearer authentication of the sandbox provider, over real HTTP. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { call, control, oauthPost, passwordFields, passwordGrant, start, token } from './http.js';

/** A base-listener operation every account may call. */
const PROTECTED = 'get-clients-products';
const UNAUTHENTICATED = { message: 'Unauthenticated.' };

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await start();
});
afterAll(() => sb.stop());
afterEach(async () => {
  await control(sb, 'POST', '/faults/reset');
});

function expectOAuthError(res: { status: number; body: Record<string, unknown> }, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(res.body.error).toBe(error);
  expect(typeof res.body.error_description).toBe('string');
  expect(res.body.message).toBe(res.body.error_description);
}

async function refreshGrant(refreshToken: string, account = sb.accounts[0]!) {
  return oauthPost(sb, '/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: account.clientId,
    client_secret: account.clientSecret,
  });
}

async function revoke(tokenValue: string, account = sb.accounts[0]!) {
  return oauthPost(sb, '/oauth/revoke', {
    token: tokenValue,
    client_id: account.clientId,
    client_secret: account.clientSecret,
  });
}

async function statusWith(accessToken: string | null): Promise<number> {
  return (await call(sb, accessToken, PROTECTED)).status;
}

describe('password grant', () => {
  it('issues a bearer token pair in the documented shape', async () => {
    const res = await oauthPost(sb, '/oauth/token', passwordFields(sb));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.expires_in).toBe(3600);
    expect(Number.isInteger(res.body.expires_in)).toBe(true);
    expect(res.body.access_token).toEqual(expect.stringMatching(/^\S{20,}$/));
    expect(res.body.refresh_token).toEqual(expect.stringMatching(/^\S{20,}$/));
    expect(res.body.access_token).not.toBe(res.body.refresh_token);
  });

  it('uses the demo credentials', () => {
    expect(sb).toMatchObject({
      clientId: 'demo-client',
      clientSecret: 'demo-secret',
      username: 'demo@reseller.example',
      password: 'demo-password',
    });
    expect(sb.accounts[0]).toMatchObject({ clientId: sb.clientId, username: sb.username });
  });

  it('issues a different pair each time', async () => {
    const a = await passwordGrant(sb);
    const b = await passwordGrant(sb);
    expect(a.body.access_token).not.toBe(b.body.access_token);
    expect(a.body.refresh_token).not.toBe(b.body.refresh_token);
  });

  it('accepts a multipart body too', async () => {
    const res = await oauthPost(sb, '/oauth/token', passwordFields(sb), { multipart: true });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('Bearer');
  });

  it('takes its lifetimes from the token TTL settings', async () => {
    await control(sb, 'POST', '/faults', { accessTokenTtlSeconds: 42 });
    const res = await passwordGrant(sb);
    expect(res.body.expires_in).toBe(42);
  });

  it('lets the token call operations, as its own account', async () => {
    for (const account of sb.accounts.slice(0, 2)) {
      const res = await call(sb, await token(sb, account), 'get-clients-details');
      expect(res.status).toBe(200);
      expect(String(res.json['client[userid]'])).toBe(String(account.userid));
    }
  });

  it.each(['grant_type', 'client_id', 'username', 'password'])('reports a missing %s as invalid_request', async (name) => {
    const fields = passwordFields(sb);
    delete fields[name];
    const res = await oauthPost(sb, '/oauth/token', fields);
    expectOAuthError(res, 400, 'invalid_request');
    expect(res.body.hint).toContain(name);
  });

  it('reports an empty parameter as missing', async () => {
    const res = await oauthPost(sb, '/oauth/token', { ...passwordFields(sb), username: '' });
    expectOAuthError(res, 400, 'invalid_request');
    expect(res.body.hint).toContain('username');
  });

  it('reports an unknown client as invalid_client (401)', async () => {
    const res = await oauthPost(sb, '/oauth/token', { ...passwordFields(sb), client_id: 'no-such-client' });
    expectOAuthError(res, 401, 'invalid_client');
  });

  it('reports a wrong or missing client secret as invalid_client (401)', async () => {
    expectOAuthError(
      await oauthPost(sb, '/oauth/token', { ...passwordFields(sb), client_secret: 'wrong' }),
      401,
      'invalid_client',
    );
    const fields = passwordFields(sb);
    delete fields.client_secret;
    expectOAuthError(await oauthPost(sb, '/oauth/token', fields), 401, 'invalid_client');
  });

  it('reports a wrong password or username as invalid_grant (400)', async () => {
    expectOAuthError(await oauthPost(sb, '/oauth/token', { ...passwordFields(sb), password: 'nope' }), 400, 'invalid_grant');
    expectOAuthError(
      await oauthPost(sb, '/oauth/token', { ...passwordFields(sb), username: 'someone@example.com' }),
      400,
      'invalid_grant',
    );
  });

  it("rejects another account's username and password with this client", async () => {
    const other = sb.accounts[1]!;
    const res = await oauthPost(sb, '/oauth/token', {
      ...passwordFields(sb),
      username: other.username,
      password: other.password,
    });
    expectOAuthError(res, 400, 'invalid_grant');
  });

  it('reports an unknown grant type as unsupported_grant_type (400)', async () => {
    const res = await oauthPost(sb, '/oauth/token', { ...passwordFields(sb), grant_type: 'client_credentials' });
    expectOAuthError(res, 400, 'unsupported_grant_type');
  });
});

describe('refresh grant', () => {
  it('rotates both tokens; the old refresh and access tokens stop working', async () => {
    const first = (await passwordGrant(sb)).body;
    const res = await refreshGrant(first.refresh_token as string);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(res.body.access_token).not.toBe(first.access_token);
    expect(res.body.refresh_token).not.toBe(first.refresh_token);

    expect(await statusWith(res.body.access_token as string)).toBe(200);
    expect(await statusWith(first.access_token as string)).toBe(401);
    expectOAuthError(await refreshGrant(first.refresh_token as string), 400, 'invalid_grant');
    // The new refresh token works in turn.
    expect((await refreshGrant(res.body.refresh_token as string)).status).toBe(200);
  });

  it('reports a missing refresh_token as invalid_request', async () => {
    const res = await oauthPost(sb, '/oauth/token', {
      grant_type: 'refresh_token',
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
    });
    expectOAuthError(res, 400, 'invalid_request');
    expect(res.body.hint).toContain('refresh_token');
  });

  it('reports an unknown refresh token as invalid_grant', async () => {
    expectOAuthError(await refreshGrant('not-a-token'), 400, 'invalid_grant');
  });

  it('reports a refresh token issued to another client as invalid_grant', async () => {
    const issued = (await passwordGrant(sb, sb.accounts[1])).body;
    expectOAuthError(await refreshGrant(issued.refresh_token as string, sb.accounts[0]), 400, 'invalid_grant');
    // ...and leaves it usable by its own client.
    expect((await refreshGrant(issued.refresh_token as string, sb.accounts[1])).status).toBe(200);
  });

  it('reports an expired refresh token as invalid_grant', async () => {
    const issued = (await passwordGrant(sb)).body;
    sb.db.prepare('UPDATE tokens SET refresh_expires = 0 WHERE refresh_token = ?').run(issued.refresh_token);
    const res = await refreshGrant(issued.refresh_token as string);
    expectOAuthError(res, 400, 'invalid_grant');
    expect(res.body.hint).toMatch(/expired/);
  });

  it('refuses a refresh token once its lifetime has run out on the provider clock', async () => {
    await control(sb, 'POST', '/faults', { refreshTokenTtlSeconds: 1 });
    const issued = (await passwordGrant(sb)).body;
    // At most 2 seconds, as for access tokens.
    await control(sb, 'POST', '/clock/advance', { seconds: 2 });
    const res = await refreshGrant(issued.refresh_token as string);
    expectOAuthError(res, 400, 'invalid_grant');
    expect(res.body.hint).toMatch(/expired/);
  });

  it('needs valid client credentials', async () => {
    const issued = (await passwordGrant(sb)).body;
    const res = await oauthPost(sb, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token as string,
      client_id: sb.clientId,
      client_secret: 'wrong',
    });
    expectOAuthError(res, 401, 'invalid_client');
  });
});

describe('bearer authentication', () => {
  it('answers 401 Unauthenticated without a bearer token', async () => {
    const res = await call(sb, null, PROTECTED);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHENTICATED);
  });

  it('answers 401 for an unknown token or another scheme', async () => {
    expect((await call(sb, 'made-up-token', PROTECTED)).json).toEqual(UNAUTHENTICATED);
    const accessToken = await token(sb);
    const res = await fetch(`${sb.baseUrl}/api/v2/svc/${PROTECTED}`, {
      method: 'POST',
      headers: { authorization: `Basic ${accessToken}` },
    });
    expect(res.status).toBe(401);
  });

  it('answers 401 once the control endpoint expires access tokens; refresh still works', async () => {
    const issued = (await passwordGrant(sb)).body;
    expect(await statusWith(issued.access_token as string)).toBe(200);
    const expired = await control(sb, 'POST', '/tokens/expire');
    expect(expired.status).toBe(200);
    expect(expired.body.expired).toBeGreaterThanOrEqual(1);

    const res = await call(sb, issued.access_token as string, PROTECTED);
    expect(res.status).toBe(401);
    expect(res.json).toEqual(UNAUTHENTICATED);
    const refreshed = await refreshGrant(issued.refresh_token as string);
    expect(refreshed.status).toBe(200);
    expect(await statusWith(refreshed.body.access_token as string)).toBe(200);
  });

  it('answers 401 when a short-lived token runs out', async () => {
    await control(sb, 'POST', '/faults', { accessTokenTtlSeconds: 1 });
    const issued = (await passwordGrant(sb)).body;
    expect(issued.expires_in).toBe(1);
    expect(await statusWith(issued.access_token as string)).toBe(200);
    // Expiries are whole seconds rounded up, so a 1-second token lives at most 2 seconds.
    expect((await control(sb, 'POST', '/clock/advance', { seconds: 2 })).status).toBe(200);
    expect((await call(sb, issued.access_token as string, PROTECTED)).json).toEqual(UNAUTHENTICATED);
  });
});

describe('revoke', () => {
  it('revoking the access token retires the pair', async () => {
    const issued = (await passwordGrant(sb)).body;
    const res = await revoke(issued.access_token as string);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await statusWith(issued.access_token as string)).toBe(401);
    expectOAuthError(await refreshGrant(issued.refresh_token as string), 400, 'invalid_grant');
  });

  it('revoking the refresh token retires the access token too', async () => {
    const issued = (await passwordGrant(sb)).body;
    expect((await revoke(issued.refresh_token as string)).status).toBe(200);
    expect(await statusWith(issued.access_token as string)).toBe(401);
  });

  it('answers 200 {} for an unknown token', async () => {
    const res = await revoke('not-a-token');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it("leaves another client's token alone", async () => {
    const issued = (await passwordGrant(sb, sb.accounts[1])).body;
    expect((await revoke(issued.access_token as string, sb.accounts[0])).status).toBe(200);
    expect(await statusWith(issued.access_token as string)).toBe(200);
  });

  it('needs valid client credentials', async () => {
    const issued = (await passwordGrant(sb)).body;
    const res = await oauthPost(sb, '/oauth/revoke', {
      token: issued.access_token as string,
      client_id: sb.clientId,
      client_secret: 'wrong',
    });
    expectOAuthError(res, 401, 'invalid_client');
    expect(await statusWith(issued.access_token as string)).toBe(200);
  });

  it('reports a missing token as invalid_request', async () => {
    const res = await oauthPost(sb, '/oauth/revoke', { client_id: sb.clientId, client_secret: sb.clientSecret });
    expectOAuthError(res, 400, 'invalid_request');
  });
});
