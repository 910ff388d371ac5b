/**
 * The control endpoint, on its own loopback listener, for tests and demos to steer the running sandbox:
 *
 *   GET  /faults         current fault config plus accessTokenTtlSeconds and refreshTokenTtlSeconds
 *   POST /faults         JSON body with any of those keys; validated, 400 `{"error": ...}` when not
 *   POST /faults/reset   faults off, token lifetimes back to their start-up values
 *   POST /tokens/expire  every issued access token expires now (refresh tokens keep working)
 *   POST /clock/advance  JSON body `{"seconds": n}`: the provider's clock moves n seconds forward (tokens expire
 *                        as they would have after that long); answers `{"now": <ISO time>}`
 *   GET  /requests       requests received, by operation (`token` for the token endpoint): `{"token": 2, …}`
 *   POST /requests/reset  counts back to zero
 *   GET  /health         `{"status":"ok"}`
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { NO_FAULTS } from '../options.js';
import { applySettings, currentSettings, parseSettingsPatch, SettingsError, type RuntimeSettings } from './settings.js';
import type { SandboxState } from './state.js';
import { expireAccessTokens } from './tokens.js';

export function createControlServer(state: SandboxState, startup: RuntimeSettings): FastifyInstance {
  const app = Fastify({ logger: false });
  app.setErrorHandler(sendError);
  // Tolerates an empty JSON body, which some clients send with the body-less POSTs below.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(new SettingsError('the body is not valid JSON'), undefined);
    }
  });

  app.get('/health', () => ({ status: 'ok' }));
  app.get('/faults', () => currentSettings(state));
  app.post('/faults', (request) => {
    applySettings(state, parseSettingsPatch(request.body));
    return currentSettings(state);
  });
  app.post('/faults/reset', () => {
    const { accessTokenTtlSeconds, refreshTokenTtlSeconds } = startup;
    applySettings(state, { ...NO_FAULTS, accessTokenTtlSeconds, refreshTokenTtlSeconds });
    return currentSettings(state);
  });
  app.get('/requests', () => Object.fromEntries(state.faults.counts));
  app.post('/requests/reset', () => {
    state.faults.counts.clear();
    return {};
  });
  app.post('/tokens/expire', () => ({ expired: expireAccessTokens(state.db, state.clock.now()) }));
  app.post('/clock/advance', (request) => {
    state.clock.advance(parseAdvance(request.body) * 1000);
    return { now: state.clock.now().toISOString() };
  });
  return app;
}

/** The seconds of a /clock/advance body: a finite, non-negative number. */
function parseAdvance(body: unknown): number {
  const seconds = (body as { seconds?: unknown } | undefined)?.seconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
    throw new SettingsError('expected {"seconds": n} with n a non-negative number');
  }
  return seconds;
}

function sendError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof SettingsError) return reply.code(400).send({ error: error.message });
  const status = error.statusCode ?? 500;
  if (status >= 500) console.error('sandbox control: request failed:', error);
  return reply.code(status).send({ error: status >= 500 ? 'Internal error' : error.message });
}
