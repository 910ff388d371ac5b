/**
 * Issued OAuth token pairs in the `tokens` table. An access token and its refresh token live and die together:
 * refreshing or revoking retires the whole pair.
 *
 * Expiry times are whole unix seconds, rounded up at issue, so a token never dies before its `expires_in`
 * (it may live up to one second longer).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface TokenOwner {
  userid: number;
  clientId: string;
}

export interface Lifetimes {
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}

export interface TokenRow {
  access_token: string;
  refresh_token: string;
  userid: number;
  client_id: string;
  access_expires: number;
  refresh_expires: number;
  revoked: number;
}

export function issueTokens(db: Database, owner: TokenOwner, lifetimes: Lifetimes, now: Date): TokenPair {
  const pair = { accessToken: opaqueToken(), refreshToken: opaqueToken() };
  db.prepare(
    `INSERT INTO tokens (access_token, refresh_token, userid, client_id, access_expires, refresh_expires)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    pair.accessToken,
    pair.refreshToken,
    owner.userid,
    owner.clientId,
    expiry(now, lifetimes.accessTokenTtlSeconds),
    expiry(now, lifetimes.refreshTokenTtlSeconds),
  );
  return pair;
}

/** The account that owns a live access token, or null (unknown, revoked or expired). */
export function accessTokenOwner(db: Database, accessToken: string, now: Date): number | null {
  const row = db
    .prepare('SELECT userid FROM tokens WHERE access_token = ? AND revoked = 0 AND access_expires > ?')
    .get(accessToken, unixSeconds(now)) as { userid: number } | undefined;
  return row?.userid ?? null;
}

/** The pair a refresh token belongs to, whatever its state. */
export function findByRefreshToken(db: Database, refreshToken: string): TokenRow | undefined {
  return db.prepare('SELECT * FROM tokens WHERE refresh_token = ?').get(refreshToken) as TokenRow | undefined;
}

/** Revokes the pair that `token` (access or refresh) belongs to, if `clientId` was issued it. */
export function revokePair(db: Database, token: string, clientId: string): void {
  db.prepare('UPDATE tokens SET revoked = 1 WHERE (access_token = ? OR refresh_token = ?) AND client_id = ?').run(
    token,
    token,
    clientId,
  );
}

/** Retires a refresh token's pair and issues a new one to the same owner, atomically. */
export function rotateTokens(db: Database, old: TokenRow, lifetimes: Lifetimes, now: Date): TokenPair {
  return db.transaction(() => {
    db.prepare('UPDATE tokens SET revoked = 1 WHERE access_token = ?').run(old.access_token);
    return issueTokens(db, { userid: old.userid, clientId: old.client_id }, lifetimes, now);
  })();
}

/** Makes every live access token expired as of now; refresh tokens keep working. Returns how many. */
export function expireAccessTokens(db: Database, now: Date): number {
  const nowSeconds = unixSeconds(now);
  return db
    .prepare('UPDATE tokens SET access_expires = ? WHERE access_expires > ? AND revoked = 0')
    .run(nowSeconds, nowSeconds).changes;
}

function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whole seconds, rounded up, so the token is valid for at least `ttlSeconds`. */
function expiry(now: Date, ttlSeconds: number): number {
  return Math.ceil(now.getTime() / 1000 + ttlSeconds);
}

/** Fractional, so it compares exactly against whole-second expiries: valid while `expires > unixSeconds(now)`. */
export function unixSeconds(now: Date): number {
  return now.getTime() / 1000;
}
