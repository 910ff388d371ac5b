/**
 * The control endpoint, on its own loopback listener, for tests and demos to steer the running sandbox:
 *
 *   GET  /faults         current fault config plus accessTokenTtlSeconds and refreshTokenTtlSeconds
 *   POST /faults         JSON body with any of those keys; validated, 400 `{"error": ...}` when not
 *   POST /faults/reset   faults off, token lifetimes back to their start-up values
 *   POST /tokens/expire  every issued access token expires now (refresh tokens keep working)
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
  app.post('/tokens/expire', () => ({ expired: expireAccessTokens(state.db, new Date()) }));
  return app;
}

function sendError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof SettingsError) return reply.code(400).send({ error: error.message });
  const status = error.statusCode ?? 500;
  if (status >= 500) console.error('sandbox control: request failed:', error);
  return reply.code(status).send({ error: status >= 500 ? 'Internal error' : error.message });
}
