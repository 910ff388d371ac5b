/**
 * The provider's HTTP API on one listener. The base listener publishes the OAuth endpoints and every
 * operation whose host is 'base'; the alt listener publishes the operations whose host is 'alt' (spec, Common
 * rules 2). Operation paths are `/api/v2/<service>/<operation>`, POST only.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { foldFormEntries, parseUrlencoded, readFormEntries } from './body.js';
import { registerMediaRoutes } from './media.js';
import { registerOAuthRoutes } from './oauth.js';
import { Rejection, type OpContext, type Operation, type OpReply } from './operation.js';
import type { SandboxState } from './state.js';
import { accessTokenOwner } from './tokens.js';

export type Listener = 'base' | 'alt';

/** Generous, since ticket attachments travel base64-encoded inside form fields. */
const BODY_LIMIT_BYTES = 32 * 1024 * 1024;

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

export async function createApiServer(state: SandboxState, listener: Listener): Promise<FastifyInstance> {
  // Stopping drops connections still in use (a trickled reply would otherwise hold the stop for minutes).
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    ...(state.options.tls ? { https: state.options.tls } : {}),
  });

  // Form bodies only: urlencoded here (entries in arrival order), multipart through the plugin. JSON and
  // text bodies get 415, as the provider takes neither.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseUrlencoded(body as string));
  });
  await app.register(multipart, {
    limits: { fieldSize: BODY_LIMIT_BYTES, fileSize: BODY_LIMIT_BYTES, parts: 10_000, fields: 10_000 },
  });

  app.setErrorHandler((error: FastifyError, _request, reply) => sendFrameworkError(state, error, reply));
  app.addHook('onSend', async (_request, reply, payload) => state.faults.trickle(reply, payload));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (app.hasRoute({ method: 'POST', url: path })) {
      return reply
        .code(405)
        .header('allow', 'POST')
        .send({ result: 'error', message: `Method ${request.method} not allowed; use POST` });
    }
    return reply.code(404).send({ result: 'error', message: `Not found: ${path}` });
  });

  if (listener === 'base') {
    registerOAuthRoutes(app, state);
    registerMediaRoutes(app);
  }
  for (const operation of state.operations) {
    if (operation.host !== listener) continue;
    app.post(`/api/v2/${state.options.service}/${operation.name}`, (request, reply) =>
      handleOperation(state, operation, request, reply),
    );
  }
  return app;
}

async function handleOperation(
  state: SandboxState,
  operation: Operation,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  if (await state.faults.intercept(request, reply)) return reply;

  const userid = bearerOwner(state, request.headers.authorization);
  if (userid === null) return reply.code(401).send(UNAUTHENTICATED);

  const params = foldFormEntries(await readFormEntries(request));
  const origin = `${request.protocol}://${request.host}`;
  const ctx: OpContext = { db: state.db, userid, options: state.options, now: () => state.clock.now(), origin };
  let result: OpReply;
  try {
    result = operation.handle(ctx, params);
  } catch (e) {
    if (e instanceof Rejection) return reply.send({ result: 'error', message: e.message });
    if (stopped(state, reply)) return reply;
    console.error(`sandbox: ${operation.name} failed:`, e);
    return reply.code(500).send({ result: 'error', message: 'Internal error' });
  }
  if ('json' in result) return reply.send(result.json);
  return reply.type('text/plain; charset=utf-8').send(result.text);
}

/** The account behind `Authorization: Bearer <token>`, or null when missing, unknown, revoked or expired. */
function bearerOwner(state: SandboxState, authorization: string | undefined): number | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? accessTokenOwner(state.db, match[1]!, state.clock.now()) : null;
}

/**
 * A request the stop cut off: its socket was dropped and the store closed while it waited (on its body, or an
 * injected delay), and it failed on the closed store. Nobody is left to answer, and it is no fault of the sandbox's:
 * it ends quietly.
 */
function stopped(state: SandboxState, reply: FastifyReply): boolean {
  if (state.db.open) return false;
  reply.code(503).send({ result: 'error', message: 'The sandbox has stopped' });
  return true;
}

/** Fastify's own errors (bad media type, body too large, malformed multipart) in the provider's error shape. */
function sendFrameworkError(state: SandboxState, error: FastifyError, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return reply.code(status).send({ result: 'error', message: error.message });
  if (stopped(state, reply)) return reply;
  console.error('sandbox: request failed:', error);
  return reply.code(500).send({ result: 'error', message: 'Internal error' });
}
