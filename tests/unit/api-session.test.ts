import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import { REFRESH_TOKEN_SECRET, Session, type SessionStatus, type TokenGrants } from '../../electron/core/api/session.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';
import type { Token } from '../../shared/models.js';

const ACCOUNT = 'acct-1';

/** Grants that hand out numbered tokens; each kind can be made to fail. */
class FakeGrants implements TokenGrants {
  issued = 0;
  passwords: Array<string | undefined> = [];
  refreshTokensSeen: string[] = [];
  failPassword: ApiError | null = null;
  failRefresh: ApiError | null = null;
  lifetime = 3600;
  /** Resolves pending refresh grants when called (lets a test hold a renewal open). */
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }
  release(): void {
    this.open();
  }

  private token(): Token {
    this.issued++;
    return { accessToken: `A${this.issued}`, refreshToken: `R${this.issued}`, tokenType: 'Bearer', expiresIn: this.lifetime };
  }

  async passwordGrant(password?: string): Promise<Token> {
    this.passwords.push(password);
    await this.gate;
    if (this.failPassword) throw this.failPassword;
    return this.token();
  }

  async refreshGrant(refreshToken: string): Promise<Token> {
    this.refreshTokensSeen.push(refreshToken);
    await this.gate;
    if (this.failRefresh) throw this.failRefresh;
    return this.token();
  }
}

const refused = (code: string) => new ApiError({ kind: 'auth', operation: 'token', status: 400, code, message: `The ${code}` });
const offline = () => new ApiError({ kind: 'network', operation: 'token', code: 'ECONNREFUSED', message: 'token: no reply' });

function setup(options: { now?: () => number } = {}) {
  const grants = new FakeGrants();
  const vault = new MemoryVault('test');
  const session = new Session(grants, vault, ACCOUNT, { now: options.now });
  const states: SessionStatus[] = [];
  const signedOut: string[] = [];
  session.on('state', (s) => states.push(s));
  session.on('signed-out', (r) => signedOut.push(r));
  return { grants, vault, session, states, signedOut };
}

/** A renewal from a stored refresh token, held open by the grants while the person signs out. */
async function renewalAcrossSignOut() {
  const context = setup();
  await context.vault.set(ACCOUNT, REFRESH_TOKEN_SECRET, 'R0');
  context.grants.hold();
  const renewal = context.session.accessToken('x');
  await context.session.signOut('signed out by the user');
  return { ...context, renewal };
}

describe('Session', () => {
  it('signs in with a password grant and stores the refresh token', async () => {
    const { grants, vault, session, states } = setup();
    await session.signIn('pw');
    expect(grants.passwords).toEqual(['pw']);
    expect(await session.accessToken('get-orders')).toBe('A1');
    expect(await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET)).toBe('R1');
    expect(states).toEqual([{ state: 'signed_in', reason: null }]);
  });

  it('renews before expiry (60 s margin) with the refresh grant, storing the rotated token', async () => {
    let now = 0;
    const { grants, vault, session } = setup({ now: () => now });
    await session.signIn();
    now = 3600_000 - 61_000;
    expect(await session.accessToken('x')).toBe('A1');
    now = 3600_000 - 59_000;
    expect(await session.accessToken('x')).toBe('A2');
    expect(grants.refreshTokensSeen).toEqual(['R1']);
    expect(await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET)).toBe('R2');
    expect(session.grantCounts).toEqual({ password: 1, refresh: 1 });
  });

  it('short-lived tokens renew at half their lifetime rather than immediately', async () => {
    let now = 0;
    const { grants, session } = setup({ now: () => now });
    grants.lifetime = 2;
    await session.signIn();
    now = 900;
    expect(await session.accessToken('x')).toBe('A1');
    now = 1100;
    expect(await session.accessToken('x')).toBe('A2');
  });

  it('many waiting callers share exactly one renewal', async () => {
    let now = 0;
    const { grants, session } = setup({ now: () => now });
    await session.signIn();
    now = 3600_000;
    grants.hold();
    const waiting = Array.from({ length: 20 }, () => session.accessToken('x'));
    grants.release();
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(['A2']));
    expect(session.grantCounts.refresh).toBe(1);
  });

  it('after 401s with the same token, one renewal; a 401 with an already replaced token renews nothing', async () => {
    const { session } = setup();
    await session.signIn();
    const tokens = await Promise.all(Array.from({ length: 5 }, () => session.renewAfterUnauthorized('A1', 'x')));
    expect(new Set(tokens)).toEqual(new Set(['A2']));
    expect(await session.renewAfterUnauthorized('A1', 'x')).toBe('A2');
    expect(session.grantCounts.refresh).toBe(1);
  });

  it('resumes from a refresh token in the vault without asking for the password', async () => {
    const { grants, vault, session } = setup();
    await vault.set(ACCOUNT, REFRESH_TOKEN_SECRET, 'R-stored');
    expect(await session.accessToken('x')).toBe('A1');
    expect(grants.refreshTokensSeen).toEqual(['R-stored']);
    expect(grants.passwords).toEqual([]);
  });

  it('a refused refresh falls back to one password grant and forgets the dead refresh token', async () => {
    const { grants, vault, session } = setup();
    await vault.set(ACCOUNT, REFRESH_TOKEN_SECRET, 'R-dead');
    grants.failRefresh = refused('invalid_grant');
    expect(await session.accessToken('x')).toBe('A1');
    expect(grants.passwords).toEqual([undefined]);
    expect(await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET)).toBe('R1');
  });

  it('refresh and password both refused → signed_out with the reason; later calls fail fast', async () => {
    const { grants, session, signedOut, states } = setup();
    await session.signIn();
    grants.failRefresh = refused('invalid_grant');
    grants.failPassword = refused('invalid_grant');
    const first = await session.renewAfterUnauthorized('A1', 'get-orders').catch((e: unknown) => e);
    expect(first).toMatchObject({ kind: 'auth' });
    expect(session.status.state).toBe('signed_out');
    expect(signedOut).toHaveLength(1);
    expect(signedOut[0]).toContain('invalid_grant');
    expect(states.at(-1)).toMatchObject({ state: 'signed_out' });

    const before = { ...session.grantCounts };
    await expect(session.accessToken('get-tickets')).rejects.toMatchObject({ kind: 'auth', operation: 'get-tickets' });
    expect(session.grantCounts).toEqual(before);
  });

  it('a renewal that fails for lack of network does not sign out, and is not tried again until the next sync', async () => {
    let now = 0;
    const { grants, session, signedOut } = setup({ now: () => now });
    await session.signIn();
    now = 3600_000;
    grants.failRefresh = offline();
    await expect(session.accessToken('x')).rejects.toMatchObject({ kind: 'network' });
    expect(session.status.state).toBe('signed_in');
    expect(signedOut).toEqual([]);
    grants.failRefresh = null;
    const sent = { ...session.grantCounts };
    await expect(session.accessToken('x')).rejects.toMatchObject({ kind: 'network' });
    expect(session.grantCounts).toEqual(sent);
    session.resetGrantFailure();
    expect(await session.accessToken('x')).toBe('A2');
  });

  it('signing in again after signed_out works; signOut forgets the stored refresh token', async () => {
    const { grants, vault, session } = setup();
    grants.failPassword = refused('invalid_client');
    await expect(session.signIn('wrong')).rejects.toMatchObject({ kind: 'auth' });
    expect(session.status.state).toBe('signed_out');
    grants.failPassword = null;
    await session.signIn('right');
    expect(session.status.state).toBe('signed_in');
    await session.signOut();
    expect(await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET)).toBeNull();
    await expect(session.accessToken('x')).rejects.toMatchObject({ kind: 'auth' });
  });

  it('a grant answered after the person signed out does not sign them in again, nor store its refresh token', async () => {
    const { grants, vault, session, renewal } = await renewalAcrossSignOut();
    grants.release();
    await expect(renewal).rejects.toMatchObject({ kind: 'auth' });
    expect(grants.refreshTokensSeen).toEqual(['R0']);
    expect(grants.passwords).toEqual([]); // no password grant behind the person's back either
    expect(session.status).toEqual({ state: 'signed_out', reason: 'signed out by the user' });
    expect(await vault.get(ACCOUNT, REFRESH_TOKEN_SECRET)).toBeNull();
    await expect(session.accessToken('x')).rejects.toMatchObject({ kind: 'auth' });
    // Signing in afterwards works as ever.
    await session.signIn('right');
    expect(session.status.state).toBe('signed_in');
  });

  it('a sign-in right after a sign-out sends its own grant rather than joining the renewal the sign-out refused', async () => {
    const { grants, session, renewal } = await renewalAcrossSignOut();
    const signIn = session.signIn('right');
    grants.release();
    await expect(renewal).rejects.toMatchObject({ kind: 'auth' });
    await signIn;
    expect(grants.passwords).toEqual(['right']);
    expect(session.status.state).toBe('signed_in');
    expect(await session.accessToken('x')).toBe('A2');
  });

  it('keeps tokens out of inspection and serialization', async () => {
    const { session } = setup();
    await session.signIn();
    const { inspect } = await import('node:util');
    expect(inspect(session, { depth: 5 })).not.toMatch(/A1|R1/);
    expect(JSON.stringify(session.status)).not.toMatch(/A1|R1/);
  });
});
