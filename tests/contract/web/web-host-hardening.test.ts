/**
 * The web host against a curious neighbour: a page of another site whose name was rebound to 127.0.0.1 gets
 * nothing (only this host's own names are answered), and a tab that stops reading its replies is cut off
 * instead of growing the host's memory without bound.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Desk } from '../../../electron/core/desk/index.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';
import { startDemoProvider } from '../../../electron/demo-provider.js';
import { CALLS_IN_FLIGHT, startWebHost, type WebHost } from '../../../electron/web/host.js';

const dir = mkdtempSync(join(tmpdir(), 'web-host-hardening-'));
const rendererDir = join(dir, 'renderer');
const TOKEN = 'c'.repeat(43);
const MAX_QUEUED_BYTES = 256 * 1024;
let desk: Desk;
let host: WebHost;

beforeAll(async () => {
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>app</title>');
  desk = await Desk.open({ dataDir: join(dir, 'data'), vault: new MemoryVault('tests'), background: false, startDemoProvider });
  await desk.call('accounts.demo');
  const synced = new Promise<void>((resolve) => desk.on('sync.summary', () => resolve()));
  await desk.call('sync.run');
  await synced;
  host = await startWebHost({ desk, rendererDir, token: TOKEN, port: 0, maxQueuedBytes: MAX_QUEUED_BYTES });
});

afterAll(async () => {
  await host?.close();
  await desk?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** GET / with the given Host header: the status. */
function statusFor(hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: host.port, path: '/', agent: false, headers: { host: hostHeader } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });
}

describe('the Host header', () => {
  it('answers its own loopback names only', async () => {
    const own = [`127.0.0.1:${host.port}`, `localhost:${host.port}`, `[::1]:${host.port}`];
    const foreign = [`evil.example:${host.port}`, 'evil.example', `127.0.0.1:${host.port + 1}`, `localhost.evil.example:${host.port}`];
    const statuses: Record<string, number> = {};
    for (const name of [...own, ...foreign]) statuses[name] = await statusFor(name);
    expect(statuses).toEqual(Object.fromEntries([...own.map((n) => [n, 200]), ...foreign.map((n) => [n, 421])]));
  });

  it('refuses the socket to a rebound name even with the token and a matching Origin', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`, {
        headers: { host: `rebound.example:${host.port}`, origin: `http://rebound.example:${host.port}` },
      });
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (req, res) => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(status).toBe(421);
  });
});

describe('a tab that does not read', () => {
  it('is closed once its unread replies pass the bound, and the host carries on', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${host.port}` } });
    await new Promise((resolve) => ws.once('open', resolve));
    expect(host.openSockets()).toBe(1);
    ws.pause();
    // Each reply is a page of domains; the kernel's buffers take some megabytes before the host queues any.
    const call = (id: number) => ws.send(JSON.stringify({ type: 'call', id, name: 'data.list', input: { resource: 'domains', limit: 1000 } }));
    let sent = 0;
    await expect
      .poll(
        () => {
          if (ws.readyState === WebSocket.OPEN && sent < 20_000) for (let i = 0; i < 50; i++) call(++sent);
          return host.openSockets();
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(0);
    ws.terminate();

    const reader = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${host.port}` } });
    const replied = new Promise<unknown>((resolve) => reader.once('message', (data) => resolve(JSON.parse(String(data)))));
    await new Promise((resolve) => reader.once('open', resolve));
    reader.send(JSON.stringify({ type: 'call', id: 1, name: 'accounts.list' }));
    expect(await replied).toMatchObject({ type: 'reply', id: 1, reply: { ok: true } });
    reader.close();
  });
});

describe('a tab that sends calls faster than it reads', () => {
  it('has at most CALLS_IN_FLIGHT of them answered at once, and every one answered in turn', async () => {
    const callUnchecked = desk.callUnchecked.bind(desk);
    let running = 0;
    let most = 0;
    desk.callUnchecked = async (name, input) => {
      most = Math.max(most, ++running);
      try {
        return await callUnchecked(name, input);
      } finally {
        running--;
      }
    };
    try {
      const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${TOKEN}`, { headers: { origin: `http://127.0.0.1:${host.port}` } });
      await new Promise((resolve) => ws.once('open', resolve));
      const replies: number[] = [];
      const all = new Promise<void>((resolve) =>
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data)) as { type: string; id?: number; reply?: { ok: boolean } };
          if (frame.type === 'reply' && frame.reply?.ok) replies.push(frame.id!);
          if (replies.length === 60) resolve();
        }),
      );
      for (let id = 1; id <= 60; id++) ws.send(JSON.stringify({ type: 'call', id, name: 'data.list', input: { resource: 'domains', limit: 50 } }));
      await all;
      expect(most).toBe(CALLS_IN_FLIGHT);
      expect(new Set(replies).size).toBe(60);
      ws.close();
    } finally {
      desk.callUnchecked = callUnchecked;
    }
  });
});
