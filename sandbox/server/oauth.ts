/**
 * The OAuth 2 endpoints of the base listener, with errors shaped like league/oauth2-server's (the library
 * behind the upstream billing system's API): `{error, error_description, hint?, message}`.
 *
 * - POST /oauth/token: `grant_type=password` (client_id, client_secret, username, password) and
 *   `grant_type=refresh_token` (refresh_token, client_id, client_secret; rotates both tokens).
 * - POST /oauth/revoke: RFC 7009 style (token, client_id, client_secret). The spec says revoke exists but not
 *   where, so this path is the sandbox's own choice; clients must not depend on it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { foldFormEntries, readFormEntries } from './body.js';
import type { Params } from './operation.js';
import type { SandboxState } from './state.js';
import {
  findByRefreshToken,
  issueTokens,
  revokePair,
  rotateTokens,
  unixSeconds,
  type Lifetimes,
  type TokenPair,
} from './tokens.js';

const TOKEN_PATH = '/oauth/token';
const REVOKE_PATH = '/oauth/revoke';

export function registerOAuthRoutes(app: FastifyInstance, state: SandboxState): void {
  app.post(TOKEN_PATH, async (request, reply) => {
    if (await state.faults.intercept(request, reply)) return reply;
    const fields = await readFields(request);
    const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = state.options;
    const lifetimes: Lifetimes = { accessTokenTtlSeconds, refreshTokenTtlSeconds };
    return answer(reply, () => {
      const pair = grantTokens(state, fields, lifetimes);
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return {
        token_type: 'Bearer',
        expires_in: accessTokenTtlSeconds,
        access_token: pair.accessToken,
        refresh_token: pair.refreshToken,
      };
    });
  });

  app.post(REVOKE_PATH, async (request, reply) => {
    const fields = await readFields(request);
    return answer(reply, () => {
      const client = authenticateClient(state, fields);
      revokePair(state.db, required(fields, 'token'), client.clientId);
      return {};
    });
  });
}

class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly status: number,
    description: string,
    readonly hint?: string,
  ) {
    super(description);
  }
}

const invalidRequest = (parameter: string) =>
  new OAuthError(
    'invalid_request',
    400,
    'The request is missing a required parameter, includes an invalid parameter value, includes a parameter more than once, or is otherwise malformed.',
    `Check the \`${parameter}\` parameter`,
  );
const invalidClient = () => new OAuthError('invalid_client', 401, 'Client authentication failed');
const invalidCredentials = () => new OAuthError('invalid_grant', 400, 'The user credentials were incorrect.');
const invalidRefreshToken = (hint: string) => new OAuthError('invalid_grant', 400, 'The refresh token is invalid.', hint);
const unsupportedGrantType = () =>
  new OAuthError(
    'unsupported_grant_type',
    400,
    'The authorization grant type is not supported by the authorization server.',
    'Check that all required parameters have been provided',
  );

/** Sends what `produce` returns as 200 JSON, or its OAuthError in the OAuth 2 error shape. */
function answer(reply: FastifyReply, produce: () => object): FastifyReply {
  try {
    return reply.send(produce());
  } catch (e) {
    if (!(e instanceof OAuthError)) throw e;
    const body: Record<string, string> = { error: e.error, error_description: e.message };
    if (e.hint) body.hint = e.hint;
    body.message = e.message;
    return reply.code(e.status).send(body);
  }
}

function grantTokens(state: SandboxState, fields: Params, lifetimes: Lifetimes): TokenPair {
  const grantType = required(fields, 'grant_type');
  if (grantType === 'password') {
    const client = authenticateClient(state, fields);
    const username = required(fields, 'username');
    const password = required(fields, 'password');
    // The account is the client's own: another account's username and password are wrong credentials here.
    if (username.toLowerCase() !== client.username.toLowerCase() || password !== client.password) {
      throw invalidCredentials();
    }
    return issueTokens(state.db, { userid: client.userid, clientId: client.clientId }, lifetimes, state.clock.now());
  }
  if (grantType === 'refresh_token') {
    const client = authenticateClient(state, fields);
    const old = findByRefreshToken(state.db, required(fields, 'refresh_token'));
    if (!old) throw invalidRefreshToken('Token is unknown');
    if (old.client_id !== client.clientId) throw invalidRefreshToken('Token is not linked to client');
    if (old.revoked) throw invalidRefreshToken('Token has been revoked');
    const now = state.clock.now();
    if (old.refresh_expires <= unixSeconds(now)) throw invalidRefreshToken('Token has expired');
    return rotateTokens(state.db, old, lifetimes, now);
  }
  throw unsupportedGrantType();
}

interface ClientAccount {
  userid: number;
  clientId: string;
  username: string;
  password: string;
}

/** The account whose client_id and client_secret are given; a missing or wrong secret fails as invalid_client. */
function authenticateClient(state: SandboxState, fields: Params): ClientAccount {
  const clientId = required(fields, 'client_id');
  const row = state.db
    .prepare('SELECT id, email, api_password, api_client_secret FROM clients WHERE api_client_id = ?')
    .get(clientId) as { id: number; email: string; api_password: string; api_client_secret: string } | undefined;
  if (!row || row.api_client_secret !== text(fields, 'client_secret')) throw invalidClient();
  return { userid: row.id, clientId, username: row.email, password: row.api_password };
}

async function readFields(request: FastifyRequest): Promise<Params> {
  return foldFormEntries(await readFormEntries(request));
}

function text(fields: Params, name: string): string | undefined {
  const value = fields[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function required(fields: Params, name: string): string {
  const value = text(fields, name);
  if (value === undefined) throw invalidRequest(name);
  return value;
}
