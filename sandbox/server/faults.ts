/**
 * Fault injection for the API operations and the token endpoint: added latency, HTTP 500, HTTP 200
 * result:error, connection resets, 429 with Retry-After, 500s of the token endpoint alone and reply bodies
 * trickled a few bytes a second. Off by default. It also counts the requests it sees, by operation.
 *
 * Decisions come from a seeded PRNG that draws exactly one number per request, so a given seed and request
 * order always give the same faults. The PRNG is reseeded whenever the configuration changes, so a test that
 * sets faults gets the same sequence no matter how much traffic came before.
 */
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultConfig } from '../options.js';
import { seededRandom } from '../../shared/random.js';

type FaultKind = 'reset' | 'http500' | 'rateLimit' | 'resultError' | 'tokenHttp500';

/**
 * Checked in this order against one uniform draw: the shares stack, so with reset 0.1 and http500 0.2 a
 * request is reset with probability 0.1 and answered 500 with 0.2. Shares summing above 1 starve the later kinds.
 */
const KINDS: readonly FaultKind[] = ['reset', 'http500', 'rateLimit', 'resultError', 'tokenHttp500'];

/** How often a trickled body sends its next bytes. */
const TRICKLE_TICK_MS = 100;

/** The operation a request is for: the last segment of its path ('token' for /oauth/token). */
function operationOf(request: FastifyRequest): string {
  return request.url.split('?')[0]!.split('/').pop() ?? '';
}

export class FaultInjector {
  private random: () => number;
  /** Requests seen, by operation. */
  readonly counts = new Map<string, number>();

  constructor(
    private config: FaultConfig,
    private readonly seed: number,
  ) {
    this.random = seededRandom(seed);
  }

  configure(config: FaultConfig): void {
    this.config = { ...config };
    this.random = seededRandom(this.seed);
  }

  /** The fault for the next request, if any. */
  private draw(isToken: boolean): FaultKind | null {
    const u = this.random();
    let threshold = 0;
    for (const kind of KINDS) {
      if (kind === 'tokenHttp500' && !isToken) continue;
      threshold += this.config[kind];
      if (u < threshold) return kind;
    }
    return null;
  }

  /**
   * Applies latency and maybe a fault to one request. Returns true when the reply has been sent (or the
   * connection dropped) and the route must do nothing more.
   */
  async intercept(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { latencyMs, retryAfterSeconds } = this.config;
    const operation = operationOf(request);
    this.counts.set(operation, (this.counts.get(operation) ?? 0) + 1);
    if (latencyMs > 0) await sleep(latencyMs);
    switch (this.draw(operation === 'token')) {
      case null:
        return false;
      case 'reset':
        reply.hijack();
        request.raw.socket.destroy();
        return true;
      case 'http500':
      case 'tokenHttp500':
        reply.code(500).send({ result: 'error', message: 'Internal Server Error' });
        return true;
      case 'rateLimit':
        reply
          .code(429)
          .header('retry-after', String(retryAfterSeconds))
          .send({ result: 'error', message: 'Too Many Requests' });
        return true;
      case 'resultError':
        reply.code(200).send({ result: 'error', message: 'Injected fault: temporary provider error' });
        return true;
    }
  }

  /** The body to send: as it is, or (trickling) a stream of it at trickleBytesPerSecond. An onSend hook. */
  trickle(reply: FastifyReply, payload: unknown): unknown {
    const rate = this.config.trickleBytesPerSecond;
    if (rate <= 0 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const bytes = Buffer.from(payload);
    const step = Math.max(1, Math.round((rate * TRICKLE_TICK_MS) / 1000));
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    reply.removeHeader('content-length');
    return new Readable({
      read() {
        if (timer) return;
        timer = setTimeout(() => {
          timer = undefined;
          const chunk = bytes.subarray(sent, sent + step);
          sent += chunk.length;
          this.push(chunk.length > 0 ? chunk : null);
        }, TRICKLE_TICK_MS);
      },
      destroy(error, done) {
        clearTimeout(timer);
        done(error);
      },
    });
  }
}
