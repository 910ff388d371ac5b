/**
 * The web host over a real WebSocket and real HTTP: only a page it served, holding the launch token, reaches
 * the engine; every procedure of the contract is reachable and validated by Desk's schemas; events reach every
 * tab; nothing outside the renderer's build folder is served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { WebServerFrame } from '../../../shared/bridge.js';
import { PROCEDURE_NAMES } from '../../../shared/contract.js';
import { CONTENT_SECURITY_POLICY } from '../../../shared/csp.js';
import { toWireJson } from '../../../shared/wire-json.js';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startDemoProvider } from '../../../electron/demo-provider.js';
import { startWebHost, type WebHost } from '../../../electron/web/host.js';

const dir = mkdtempSync(join(tmpdir(), 'web-host-'));
const rendererDir = join(dir, 'renderer');
const TOKEN = 'a'.repeat(43);
let desk: Desk;
let host: WebHost;
let origin: string;

beforeAll(async () => {
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'secret.txt'), 'not for the page');
  desk = await Desk.open({ dataDir: join(dir, 'data'), vault: new MemoryVault('tests'), background: false, startDemoProvider });
  await desk.call('accounts.demo');
  host = await startWebHost({ desk, rendererDir, token: TOKEN, port: 0 });
  origin = `http://127.0.0.1:${host.port}`;
});

afterAll(async () => {
  await host?.close();
  await desk?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** Opens a socket; resolves with it once open, or with the HTTP status that refused it. */
function connect(options: { token?: string | null; origin?: string | null } = {}): Promise<WebSocket | number> {
  const token = options.token === undefined ? TOKEN : options.token;
  const url = `ws://127.0.0.1:${host.port}/ws${token === null ? '' : `?token=${token}`}`;
  const headers = options.origin === null ? {} : { origin: options.origin ?? origin };
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });
}

async function tab(): Promise<WebSocket> {
  const ws = await connect();
  if (typeof ws === 'number') throw new Error(`refused with ${ws}`);
  return ws;
}

function frames(ws: WebSocket): WebServerFrame[] {
  const seen: WebServerFrame[] = [];
  ws.on('message', (data) => seen.push(JSON.parse(String(data)) as WebServerFrame));
  return seen;
}

async function call(ws: WebSocket, seen: WebServerFrame[], id: number, name: string, input?: unknown) {
  ws.send(JSON.stringify({ type: 'call', id, name, input }));
  await expect.poll(() => seen.find((f) => f.type === 'reply' && f.id === id), { timeout: 20_000 }).toBeTruthy();
  return (seen.find((f) => f.type === 'reply' && f.id === id) as Extract<WebServerFrame, { type: 'reply' }>).reply;
}

describe('who may connect', () => {
  it('refuses a socket without the token, with a wrong one, and from a foreign or missing Origin', async () => {
    expect(await connect({ token: null })).toBe(401);
    expect(await connect({ token: 'b'.repeat(43) })).toBe(401);
    expect(await connect({ token: 'a'.repeat(42) })).toBe(401);
    expect(await connect({ origin: 'http://evil.example' })).toBe(403);
    expect(await connect({ origin: `http://127.0.0.1:${host.port + 1}` })).toBe(403);
    expect(await connect({ origin: null })).toBe(403);
  });

  it('accepts the page it served, holding the token', async () => {
    const ws = await tab();
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });
});

describe('the contract over the socket', () => {
  it('reaches every procedure, each input parsed by its schema in Desk', async () => {
    const ws = await tab();
    const seen = frames(ws);
    let id = 1;
    for (const name of PROCEDURE_NAMES) {
      // Every procedure's input is a strict object (or nothing): an unknown key is refused by its own schema.
      const reply = await call(ws, seen, id++, name, { notAField: true });
      expect(reply, name).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    const unknown = await call(ws, seen, id++, 'accounts.steal');
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
    ws.close();
  });

  it('answers calls with the engine’s values, and never a secret', async () => {
    const ws = await tab();
    const seen = frames(ws);
    const accounts = await call(ws, seen, 1, 'accounts.list');
    expect(accounts).toMatchObject({ ok: true, value: [{ name: 'Demo', current: true }] });
    const text = JSON.stringify(seen);
    expect(text).not.toContain('demo-secret');
    expect(text).not.toContain('demo-password');
    ws.close();
  });

  it('carries a file’s bytes to the engine as a Uint8Array, undecoded', async () => {
    const ws = await tab();
    const seen = frames(ws);
    const send = async (id: number, csv: Uint8Array) => {
      ws.send(toWireJson({ type: 'call', id, name: 'contacts.importPreview', input: { csv, mode: 'add' } }));
      await expect.poll(() => seen.find((f) => f.type === 'reply' && f.id === id), { timeout: 20_000 }).toBeTruthy();
      return (seen.find((f) => f.type === 'reply' && f.id === id) as Extract<WebServerFrame, { type: 'reply' }>).reply;
    };
    const utf8 = await send(1, new TextEncoder().encode('Nome,Cognome,E-mail,Città\nAda,Lovelace,ada@example.com,Milano\n'));
    expect(utf8).toMatchObject({ ok: true, value: { mapping: ['firstname', 'lastname', 'email', 'city'], valid: 1, rows: [{ params: { city: 'Milano' } }] } });
    // "Città" in Latin-1: the engine gets the bytes as they are and says which encoding the file is in.
    const latin1 = await send(2, new Uint8Array([...new TextEncoder().encode('Nome,Citt'), 0xe0, 0x0a, 0x41, 0x2c, 0x42, 0x0a]));
    expect(latin1).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/Latin-1/) } });
    ws.close();
  });

  it('delivers events to every open tab', async () => {
    const [a, b] = [await tab(), await tab()];
    const [seenA, seenB] = [frames(a), frames(b)];
    const reply = await call(a, seenA, 1, 'sync.run');
    expect(reply.ok).toBe(true);
    const summaryIn = (seen: WebServerFrame[]) => seen.some((f) => f.type === 'event' && f.name === 'sync.summary');
    await expect.poll(() => summaryIn(seenA) && summaryIn(seenB)).toBe(true);
    a.close();
    b.close();
  });

  it('closes a socket that sends something other than a JSON call', async () => {
    const ws = await tab();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('rm -rf /');
    expect(await closed).toBe(1003);
  });
});

describe('what is served', () => {
  it('serves the renderer with the CSP and no referrer, and nothing outside its folder', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    // The one policy of shared/csp.ts, as the Electron window sends it (tests/unit/csp.test.ts: the page's meta tag too).
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt']) {
      const res = await fetch(`${origin}${path}`);
      expect(res.status, path).not.toBe(200);
      expect(await res.text(), path).not.toContain('not for the page');
    }
  });

  it('listens on loopback only', () => {
    expect(host.url.startsWith('http://127.0.0.1:')).toBe(true);
  });
});
