/**
 * The web host: the built renderer served on loopback, and the contract carried over one WebSocket per tab,
 * exactly as the preload bridge carries it over IPC. A browser tab is a weaker room than a sandboxed window,
 * so: loopback only, a random launch token required on the socket, the socket's Origin checked, the window's
 * CSP as a header, nothing served outside the renderer's build folder, every input parsed by Desk's schemas.
 * Every request must name this host in its `Host` header (a page of another site that rebinds its name to
 * 127.0.0.1 gets nothing), and a socket whose reader does not keep up is closed rather than queued for.
 */
import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { CallReply, WebServerFrame } from '../../shared/bridge.js';
import { EVENT_NAMES, isProcedureName } from '../../shared/contract.js';
import { CONTENT_SECURITY_POLICY } from '../../shared/csp.js';
import { fromWireJson } from '../../shared/wire-json.js';
import type { Desk } from '../core/desk/index.js';
import { DeskError, toDeskError } from '../core/desk-error.js';

export const LOOPBACK = '127.0.0.1';
/** A message may carry attachments' bytes; larger frames are refused by the socket. */
const MAX_FRAME_BYTES = 40 * 1024 * 1024;
/**
 * Bytes a socket may have queued unread before it is closed: a tab that stops reading must not grow the host.
 * The queue holds at most this and one frame (a frame larger than the bound, an export, still goes out whole).
 * A slow reader's peak is about twice the bound (the frames' text awaits the collector beside the queued
 * bytes): 38 MB over the host's own with 16 MB, 130 MB with 64 MB (tests/bench/slow-reader.ts).
 */
export const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

export interface WebHostOptions {
  desk: Desk;
  /** The renderer's build folder (out/renderer). */
  rendererDir: string;
  /** The launch token the page must present on its socket (at least 128 bits, URL-safe). */
  token: string;
  /** 0 picks a free port. */
  port: number;
  /** Bytes queued unread on one socket before it is closed; MAX_QUEUED_BYTES by default. */
  maxQueuedBytes?: number;
}

export interface WebHost {
  /** The page's address, with the token. */
  url: string;
  port: number;
  /** Sockets open now. */
  openSockets(): number;
  close(): Promise<void>;
}

const CallFrameSchema = z.strictObject({
  type: z.literal('call'),
  id: z.int().nonnegative(),
  name: z.string().max(100),
  input: z.unknown().optional(),
});

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  // The page's URL carries the token until the page removes it: never send it anywhere as a referrer.
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 1024 });
  let port = options.port;
  const sockets = new Set<WebSocket>();
  const maxQueuedBytes = options.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  const send = sender(maxQueuedBytes);

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  // After the websocket plugin's own hook, which marks an upgrade so that a refused one has its socket closed.
  app.addHook('onRequest', async (request, reply) => {
    if (!hostsOf(port).includes(request.headers.host ?? '')) await reply.code(421).send({ error: 'unknown host' });
  });
  await app.register(fastifyStatic, { root: options.rendererDir, index: 'index.html', dotfiles: 'deny', cacheControl: false });

  await app.register(async (scope) => {
    scope.addHook('preValidation', async (request, reply) => {
      const refusal = refuseSocket(request, options.token, port);
      if (refusal) await reply.code(refusal.status).send({ error: refusal.message });
    });
    scope.get('/ws', { websocket: true }, (socket) => {
      sockets.add(socket);
      const offs = EVENT_NAMES.map((name) => {
        const forward = (payload: unknown) => send(socket, { type: 'event', name, payload });
        options.desk.on(name, forward);
        return () => options.desk.off(name, forward);
      });
      const calls = callQueue(socket, (text) => answer(options.desk, socket, send, text, maxQueuedBytes));
      socket.on('message', (data, isBinary) => calls.take(isBinary ? null : data.toString()));
      socket.on('close', () => {
        sockets.delete(socket);
        offs.forEach((off) => off());
      });
    });
  });

  await app.listen({ host: LOOPBACK, port: options.port });
  port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://${LOOPBACK}:${port}/?token=${options.token}`,
    port,
    openSockets: () => sockets.size,
    async close() {
      for (const socket of sockets) socket.close(1001, 'the web host is stopping');
      await app.close();
    },
  };
}

/** Why a socket request is refused, or null: a token that matches, from a page this host served. */
function refuseSocket(request: FastifyRequest, token: string, port: number): { status: number; message: string } | null {
  const origin = request.headers.origin;
  const allowed = hostsOf(port).map((host) => `http://${host}`);
  if (!origin || !allowed.includes(origin)) return { status: 403, message: 'foreign origin' };
  const given = new URL(request.url, 'http://host').searchParams.get('token') ?? '';
  if (!sameSecret(given, token)) return { status: 401, message: 'missing or wrong token' };
  return null;
}

/** The names this host answers to: loopback by address or by name, nothing a foreign site's DNS could point here. */
function hostsOf(port: number): string[] {
  return [`${LOOPBACK}:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Send = (socket: WebSocket, frame: WebServerFrame) => void;

/** Calls of one socket answered at once; the rest wait their turn as the text that came. */
export const CALLS_IN_FLIGHT = 4;
/** Calls of one socket waiting: past this the socket is cut (a page waits for its replies; this is not a page). */
export const CALLS_WAITING_MAX = 1000;

/**
 * A socket's calls, CALLS_IN_FLIGHT at a time: a tab that sends calls faster than it reads the replies holds
 * at most that many replies being made (each maybe megabytes: a page of a list), besides its unread queue.
 */
function callQueue(socket: WebSocket, run: (text: string | null) => Promise<void>) {
  const waiting: Array<string | null> = [];
  let running = 0;
  const next = () => {
    while (running < CALLS_IN_FLIGHT && waiting.length > 0) {
      running++;
      void run(waiting.shift()!).finally(() => {
        running--;
        next();
      });
    }
  };
  return {
    take(text: string | null) {
      if (waiting.length >= CALLS_WAITING_MAX) {
        waiting.length = 0;
        socket.terminate();
        return;
      }
      waiting.push(text);
      next();
    },
  };
}

async function answer(desk: Desk, socket: WebSocket, send: Send, text: string | null, maxQueuedBytes: number): Promise<void> {
  // A socket cut, or whose reader has left its bound unread (cut now): no reply is made that could not be sent.
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > maxQueuedBytes) return void socket.terminate();
  let frame: z.infer<typeof CallFrameSchema>;
  try {
    frame = CallFrameSchema.parse(fromWireJson(text ?? ''));
  } catch {
    socket.close(1003, 'frames are JSON calls');
    return;
  }
  let reply: CallReply;
  try {
    if (!isProcedureName(frame.name)) throw new DeskError('not_found', `No procedure named "${frame.name}".`);
    reply = { ok: true, value: await desk.callUnchecked(frame.name, frame.input) };
  } catch (error) {
    reply = { ok: false, error: toDeskError(error, frame.name).toJSON() };
  }
  send(socket, { type: 'reply', id: frame.id, reply });
}

/**
 * Sends frames on an open socket, unless its reader has left more than `maxQueuedBytes` unread (so a queue
 * holds at most that and one frame): then the socket is cut at once (a closing handshake would wait behind
 * the queue it refuses to read) and its queue freed; the page reconnects when it reads again.
 */
function sender(maxQueuedBytes: number): Send {
  return (socket, frame) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > maxQueuedBytes) {
      socket.terminate();
      return;
    }
    socket.send(JSON.stringify(frame));
  };
}
