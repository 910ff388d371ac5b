/**
 * The HTTP exchange itself (axios): POST a form, get status + headers + body bytes back, or a network
 * ApiError. Status codes are not judged here (validateStatus accepts all); reply.ts maps them. The client
 * imports this module on its first request (client.ts): a command that never talks to the provider does not
 * load axios, whose fetch adapter loads Node's fetch (undici) as it is imported, a good part of a start.
 */
import { Readable } from 'node:stream';
import axios, { type AxiosInstance } from 'axios';
import { NetworkAgents, type NetworkOptions } from '../network/agents.js';
import { environmentProxy } from '../network/proxy-route.js';
import { releaseBytes } from './reply-bytes.js';
import { interpretTransportError, type HttpReply } from './reply.js';

export interface HttpOptions {
  /** Per-request timeout; a timeout is a network error. */
  timeoutMs?: number;
  /** Replies larger than this are refused (protocol error) rather than buffered. */
  maxReplyBytes?: number;
  /** The proxy each address goes through and the extra CA trusted (network/agents.ts); default: the environment's proxy variables. */
  network?: NetworkOptions;
}

export function createHttp(options: HttpOptions = {}): AxiosInstance {
  const http = axios.create({
    timeout: options.timeoutMs ?? 30_000,
    maxContentLength: options.maxReplyBytes ?? 64 * 1024 * 1024,
    maxRedirects: 0,
    validateStatus: () => true,
    // axios's own reading of the proxy variables sends https: requests to a proxy unencrypted: the agents tunnel.
    proxy: false,
    // Node's http adapter, wherever the engine runs: the agents and the reply stream are its alone, and axios would
    // take XMLHttpRequest where a page's globals exist (the component tests run the engine beside a DOM).
    adapter: 'http',
  });
  const agents = new NetworkAgents(options.network ?? { proxy: environmentProxy });
  http.interceptors.request.use(async (config) => Object.assign(config, await agents.forUrl(config.url ?? '')));
  return http;
}

/**
 * One POST of a form. A read (`idempotent`) sent on a kept-alive connection the server had closed while idle
 * (reset before any reply, on a reused socket: the race Node's http documentation names) is sent again at once:
 * the server never read it, and the dead socket is gone from the pool. Each of the pool's stale sockets may
 * fail so, at most STALE_SOCKETS_MAX of them; a new connection's reset is the provider's answer. A write is
 * never resent: its reply lost, whether it was applied is for the outbox to find out.
 */
export async function postForm(
  http: AxiosInstance,
  operation: string,
  url: string,
  body: FormData | URLSearchParams,
  headers: Record<string, string>,
  idempotent = false,
): Promise<HttpReply> {
  for (let stale = 0; ; stale++) {
    try {
      return await exchange(http, url, body, headers);
    } catch (error) {
      if (!idempotent || stale >= STALE_SOCKETS_MAX || !closedWhileIdle(error)) throw interpretTransportError(operation, error);
    }
  }
}

const STALE_SOCKETS_MAX = 8;

/** A reset before any reply on a socket the agent had kept alive from an earlier request. */
function closedWhileIdle(error: unknown): boolean {
  const { code, response, request } = (error ?? {}) as { code?: unknown; response?: unknown; request?: { reusedSocket?: unknown } };
  return code === 'ECONNRESET' && response === undefined && request?.reusedSocket === true;
}

/** The exchange: the body as received, undecoded (reply.ts judges it in one place, reply-json.ts reads JSON straight from the bytes). */
async function exchange(http: AxiosInstance, url: string, body: FormData | URLSearchParams, headers: Record<string, string>): Promise<HttpReply> {
  const response = await http.post<unknown>(url, body, { headers, responseType: 'stream' });
  const { data } = response;
  if (!(data instanceof Readable)) throw new Error('the HTTP adapter gave the reply body other than as a stream');
  const abort = () => {
    data.destroy();
    (response.request as { destroy?: () => void } | undefined)?.destroy?.();
  };
  const bytes = await readBody(data, response.config.timeout ?? 0, abort);
  const replyHeaders: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers as Record<string, unknown>)) {
    replyHeaders[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value == null ? undefined : String(value);
  }
  return { status: response.status, headers: replyHeaders, body: bytes };
}

/** A body may take this many times the timeout in all: a provider trickling bytes cannot hold an exchange forever. */
const BODY_DEADLINE_FACTOR = 4;

/**
 * A reply's body read to its end (axios enforces maxContentLength on the stream) into one buffer, each chunk
 * freed at once once copied. Left to the GC, the chunks are garbage that the sync's thread, which allocates
 * little else, collected only once some 50 MB of them had piled up. axios's timeout ends with the reply's
 * head; the body has its own: `idleMs` without a byte ends the exchange, and so does a body still coming
 * BODY_DEADLINE_FACTOR × idleMs after its head (0: neither).
 */
function readBody(stream: Readable, idleMs: number, abort: () => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let timer: NodeJS.Timeout | undefined;
    let deadline: NodeJS.Timeout | undefined;
    const fail = (error: Error) => {
      clearTimeout(timer);
      clearTimeout(deadline);
      reject(error);
    };
    const expire = (why: string) => () => {
      abort();
      fail(Object.assign(new Error(`timeout: ${why}`), { code: 'ECONNABORTED' }));
    };
    const idle = expire(`no byte of the reply for ${idleMs}ms`);
    const rearm = () => {
      if (idleMs <= 0) return;
      clearTimeout(timer);
      timer = setTimeout(idle, idleMs);
    };
    if (idleMs > 0) deadline = setTimeout(expire(`the reply still coming after ${idleMs * BODY_DEADLINE_FACTOR}ms`), idleMs * BODY_DEADLINE_FACTOR);
    rearm();
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.byteLength;
      rearm();
    });
    stream.once('end', () => {
      clearTimeout(timer);
      clearTimeout(deadline);
      const body = Buffer.concat(chunks, length);
      for (const chunk of chunks) releaseBytes(chunk);
      resolve(body);
    });
    stream.once('error', fail);
    // Settles nothing after 'end'; before it, the body was cut short without an error of its own.
    stream.once('close', () => fail(Object.assign(new Error('the reply was cut short'), { code: 'ECONNRESET' })));
  });
}
