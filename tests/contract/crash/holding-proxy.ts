/**
 * A proxy in front of the sandbox that can stop one write at a chosen side of the provider: held before it
 * reaches the provider, or after the provider applied it with the reply kept back. `held` resolves then, so the
 * crash test kills the worker with the request in exactly that state. Everything else passes through.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Hold = 'before-provider' | 'before-reply';

export interface HoldingProxy {
  url: string;
  /** Holds the next POST to `/<operation>`; resolves once it is held. */
  arm(operation: string, hold: Hold): Promise<void>;
  disarm(): void;
  close(): Promise<void>;
}

export async function holdingProxy(target: string): Promise<HoldingProxy> {
  let armed: { operation: string; hold: Hold; held: () => void } | null = null;
  const parked: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const hit = armed !== null && req.method === 'POST' && req.url?.endsWith(`/${armed.operation}`) ? armed : null;
    if (hit) armed = null;
    if (hit?.hold === 'before-provider') {
      parked.push(res);
      hit.held();
      return;
    }
    const upstream = request(new URL(req.url!, target), { method: req.method, headers: req.headers }, (reply) => {
      if (hit) {
        // Applied by the provider; the reply is read and never passed on.
        reply.resume();
        reply.on('end', () => {
          parked.push(res);
          hit.held();
        });
        return;
      }
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arm: (operation, hold) => new Promise<void>((held) => (armed = { operation, hold, held })),
    disarm: () => (armed = null),
    close: () => {
      for (const res of parked.splice(0)) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
