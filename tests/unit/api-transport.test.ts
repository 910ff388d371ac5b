/**
 * The HTTP layer against a local raw socket server, for what a well-behaved provider never does: non-JSON
 * bodies, bodies cut off mid-way, dropped connections, silence, and a closed port.
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError } from '../../electron/core/api/errors.js';
import { createHttp, postForm } from '../../electron/core/api/http.js';
import { releaseBody } from '../../electron/core/api/reply-bytes.js';
import { interpretReply } from '../../electron/core/api/reply.js';

/** What the server does once it has read a request's head. */
type Behaviour = (socket: Socket, head: string) => void;
const behaviours: Record<string, Behaviour> = {
  html: (s) => s.end('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 13\r\nConnection: close\r\n\r\n<html></html>'),
  truncated: (s) => {
    s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"result":"success","orders":{"or');
    setImmediate(() => s.destroy());
  },
  shortJson: (s) => s.end('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 20\r\nConnection: close\r\n\r\n{"result":"success",'),
  reset: (s) => s.resetAndDestroy(),
  hangup: (s) => s.destroy(),
  silent: () => undefined,
  /** A 300 kB body written in pieces, some after a pause: it arrives in many chunks. */
  pieces: (s) => {
    const body = JSON.stringify({ result: 'success', text: 'x'.repeat(300_000) });
    s.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    const cut = [0, 10, 70_000, 150_000, 299_000, body.length];
    cut.slice(1).forEach((end, i) => setTimeout(() => (end === body.length ? s.end(body.slice(cut[i], end)) : s.write(body.slice(cut[i], end))), i * 5));
  },
  stallMidBody: (s) => s.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"result":"success",'),
  multipart: (s, head) => {
    const type = /content-type: ([^\r\n]+)/i.exec(head)?.[1] ?? '';
    const body = JSON.stringify({ result: 'success', type });
    s.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  },
};

let server: Server;
let base: string;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      const path = /^POST \/(\w+) /.exec(seen)?.[1] ?? '';
      behaviours[path]!(socket, seen);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

async function exchange(path: string, timeoutMs = 5_000, maxReplyBytes?: number): Promise<ApiError | unknown> {
  const http = createHttp({ timeoutMs, maxReplyBytes });
  const form = new FormData();
  form.append('pid[]', '1');
  try {
    const reply = await postForm(http, 'get-orders', `${base}/${path}`, form, { 'X-Requested-With': 'XMLHttpRequest' });
    return interpretReply('get-orders', reply, 'json');
  } catch (error) {
    return error;
  }
}

describe('HTTP layer failure modes', () => {
  it('sends multipart/form-data with a boundary', async () => {
    const result = (await exchange('multipart')) as { kind: string; value: { type: string } };
    expect(result.kind).toBe('json');
    expect(result.value.type).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('a body that comes in many chunks arrives whole, in one buffer of its own', async () => {
    const http = createHttp();
    const reply = await postForm(http, 'get-orders', `${base}/pieces`, new FormData(), {});
    expect(reply.body.byteLength).toBe(JSON.stringify({ result: 'success', text: 'x'.repeat(300_000) }).length);
    expect(reply.body.byteOffset).toBe(0);
    expect(reply.body.buffer.byteLength).toBe(reply.body.byteLength);
    expect(interpretReply('get-orders', reply, 'json')).toMatchObject({ kind: 'json', value: { result: 'success' } });
  });

  it('a body longer than maxReplyBytes → protocol, said so', async () => {
    const error = await exchange('pieces', 5_000, 100_000);
    expect(error).toMatchObject({ kind: 'protocol', operation: 'get-orders' });
    expect((error as ApiError).message).toContain('100000');
  });

  it('a body that stops coming mid-way → network, said to be a timeout', async () => {
    const error = await exchange('stallMidBody', 200);
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as ApiError).message).toContain('timed out');
  });

  it('HTML instead of JSON → protocol', async () => {
    expect(await exchange('html')).toMatchObject({ kind: 'protocol', operation: 'get-orders' });
  });

  it('a body that ends early but "completely" → protocol', async () => {
    expect(await exchange('shortJson')).toMatchObject({ kind: 'protocol' });
  });

  it('a connection dropped mid-body → network', async () => {
    expect(await exchange('truncated')).toMatchObject({ kind: 'network' });
  });

  it('reset and hang-up before any reply → network', async () => {
    expect(await exchange('reset')).toMatchObject({ kind: 'network', code: 'ECONNRESET' });
    expect(await exchange('hangup')).toMatchObject({ kind: 'network' });
  });

  it('no answer within the timeout → network, said to be a timeout', async () => {
    const error = await exchange('silent', 200);
    expect(error).toMatchObject({ kind: 'network' });
    expect((error as ApiError).message).toContain('timed out');
  });

  it('nothing listening → network ECONNREFUSED', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    await new Promise((resolve) => closed.close(resolve));
    const http = createHttp();
    const error = await postForm(http, 'get-orders', `http://127.0.0.1:${port}/x`, new FormData(), {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
  });
});

describe('a kept-alive connection the server closed while idle', () => {
  /** A server that answers a connection's first request and resets the connection on any later one (an idle socket it had closed). */
  async function closingIdleServer() {
    let requests = 0;
    const server = createHttpServer((request, response) => {
      requests++;
      const socket = request.socket as Socket & { served?: boolean };
      if (socket.served) return void socket.destroy();
      socket.served = true;
      response.setHeader('Content-Type', 'application/json');
      response.end('{"result":"success"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/x`;
    return { url, requests: () => requests, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('is a read sent again at once on a new connection', async () => {
    const provider = await closingIdleServer();
    const http = createHttp();
    await postForm(http, 'get-orders', provider.url, new FormData(), {}, true);
    const reply = await postForm(http, 'get-orders', provider.url, new FormData(), {}, true);
    expect(reply.status).toBe(200);
    expect(provider.requests()).toBe(3);
    await provider.close();
  });

  it('is a write never sent again: its reply is lost, the outbox decides', async () => {
    const provider = await closingIdleServer();
    const http = createHttp();
    await postForm(http, 'add-contact', provider.url, new FormData(), {});
    const error = await postForm(http, 'add-contact', provider.url, new FormData(), {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', code: 'ECONNRESET' });
    expect(provider.requests()).toBe(2);
    await provider.close();
  });
});

describe('releaseBody', () => {
  it('frees the bytes of a reply that holds its own memory, once read', () => {
    const reply = { status: 200, headers: {}, body: Buffer.alloc(300_000, 0x20) };
    const view = reply.body;
    releaseBody(reply);
    expect(view.buffer.byteLength).toBe(0);
  });

  it("leaves alone a small reply's share of Node's buffer pool, and the other buffers in it", () => {
    const neighbour = Buffer.from('neighbour in the pool');
    const reply = { status: 200, headers: {}, body: Buffer.from('{"result":"success"}') };
    expect(reply.body.buffer).toBe(neighbour.buffer); // both in the pool
    releaseBody(reply);
    expect(reply.body.toString()).toBe('{"result":"success"}');
    expect(neighbour.toString()).toBe('neighbour in the pool');
  });
});
