/**
 * Fault injection for the API operations and the token endpoint: added latency, HTTP 500, HTTP 200
 * result:error, connection resets and 429 with Retry-After. Off by default.
 *
 * Decisions come from a seeded PRNG that draws exactly one number per request, so a given seed and request
 * order always give the same faults. The PRNG is reseeded whenever the configuration changes, so a test that
 * sets faults gets the same sequence no matter how much traffic came before.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultConfig } from '../options.js';
import { seededRandom } from '../../shared/random.js';

type FaultKind = 'reset' | 'http500' | 'rateLimit' | 'resultError';

/**
 * Checked in this order against one uniform draw: the shares stack, so with reset 0.1 and http500 0.2 a
 * request is reset with probability 0.1 and answered 500 with 0.2. Shares summing above 1 starve the later kinds.
 */
const KINDS: readonly FaultKind[] = ['reset', 'http500', 'rateLimit', 'resultError'];

export class FaultInjector {
  private random: () => number;

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
  private draw(): FaultKind | null {
    const u = this.random();
    let threshold = 0;
    for (const kind of KINDS) {
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
    if (latencyMs > 0) await sleep(latencyMs);
    switch (this.draw()) {
      case null:
        return false;
      case 'reset':
        reply.hijack();
        request.raw.socket.destroy();
        return true;
      case 'http500':
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
}

