/**
 * A provider that misbehaves on purpose: an HTTP proxy in front of the sandbox (one listener for its base URL,
 * one for its alt base URL) that forwards every request and lets a test change the answer: rewrite its JSON,
 * answer something else, trickle it a byte at a time, or never answer at all.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../../sandbox/options.js';

export interface Exchange {
  /** The last path segment: the operation, or 'token'. */
  operation: string;
  /** The request's form fields (first value of each). */
  fields: Record<string, string>;
  /** The sandbox's answer. */
  status: number;
  body: Buffer;
  /** The answer as JSON, when it is. */
  json: any;
}

export type Answer =
  | { status?: number; json: unknown }
  | { status?: number; text: string; contentType: string }
  /** The answer's bytes, one every few milliseconds. */
  | { trickle: Buffer }
  /** Headers never sent. */
  | { hang: true };

/** The answer to give instead of the sandbox's; undefined: the sandbox's as it is. */
export type Lie = (exchange: Exchange) => Answer | undefined;

export interface LyingProvider {
  baseUrl: string;
  altBaseUrl: string;
  /** Requests seen, by operation. */
  requests(operation: string): number;
  stop(): Promise<void>;
}

export async function startLyingProvider(sb: RunningSandbox, lie: Lie): Promise<LyingProvider> {
  const counts = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  const proxy = (target: string): Server =>
    createServer((req, res) => {
      void (async () => {
        const body = await readAll(req);
        const contentType = req.headers['content-type'] ?? '';
        const headers: Record<string, string> = { 'content-type': contentType };
        for (const name of ['authorization', 'x-requested-with', 'accept']) {
          const value = req.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        const upstream = await fetch(`${target}${req.url}`, { method: req.method, headers, body });
        const answer = Buffer.from(await upstream.arrayBuffer());
        const operation = (req.url ?? '').split('/').pop() ?? '';
        counts.set(operation, (counts.get(operation) ?? 0) + 1);
        const exchange: Exchange = { operation, fields: await formFields(body, contentType), status: upstream.status, body: answer, json: parseJson(answer) };
        const given = lie(exchange);
        if (given === undefined) {
          res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(answer);
        } else if ('hang' in given) {
          // Nothing: the connection stays open until the client gives up or the proxy stops.
        } else if ('trickle' in given) {
          res.writeHead(200, { 'content-type': 'application/json' });
          let at = 0;
          const timer = setInterval(() => {
            if (at >= given.trickle.length) return;
            res.write(given.trickle.subarray(at, ++at));
          }, 5);
          timers.add(timer);
          res.once('close', () => clearInterval(timer));
        } else if ('json' in given) {
          res.writeHead(given.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(given.json));
        } else {
          res.writeHead(given.status ?? 200, { 'content-type': given.contentType }).end(given.text);
        }
      })();
    });
  const base = proxy(sb.baseUrl);
  const alt = proxy(sb.altBaseUrl);
  return {
    baseUrl: await listen(base),
    altBaseUrl: await listen(alt),
    requests: (operation) => counts.get(operation) ?? 0,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      for (const server of [base, alt]) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

async function formFields(body: Buffer, contentType: string): Promise<Record<string, string>> {
  if (body.length === 0) return {};
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  return fields;
}

function parseJson(bytes: Buffer): any {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
