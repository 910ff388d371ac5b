/**
 * The browser tab's bridge (bridge/web-socket.ts) against a real WebSocket server on loopback (Node's own
 * WebSocket as the tab's): calls made while the socket is down are sent once, when it opens; calls in flight
 * when it drops fail as 'offline'; it reconnects after the waits of RETRY_MS, driven here by hand. (Node 22's
 * WebSocket fires no close after a refused connect, as browsers do, so the host here drops open sockets
 * rather than refusing new ones.)
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import type { WebClientFrame, WebServerFrame } from '../../../shared/bridge';
import type { Timers } from '../../../shared/clock';
import { connectWebHost, RETRY_MS, type HostLink } from '../../../renderer/src/bridge/web-socket';

/** Timers whose tasks run when the test says so. */
function manualTimers() {
  const pending: Array<{ ms: number; task: () => void }> = [];
  const timers: Timers = {
    after(ms, task) {
      const item = { ms, task };
      pending.push(item);
      return { cancel: () => void pending.splice(pending.indexOf(item), 1) };
    },
  };
  return { timers, pending, runNext: () => pending.shift()!.task() };
}

/** A host on loopback that records the call frames it gets and answers them as `answer` says. */
async function startHost(port = 0) {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const calls: WebClientFrame[] = [];
  const sockets: ServerSocket[] = [];
  const host = {
    port: (server.address() as AddressInfo).port,
    calls,
    sockets,
    /** null: leave the call unanswered. */
    answer: (frame: WebClientFrame): WebServerFrame | null => ({ type: 'reply', id: frame.id, reply: { ok: true, value: frame.name } }),
    send: (frame: WebServerFrame) => sockets.forEach((s) => s.send(JSON.stringify(frame))),
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.terminate();
      server.close(() => resolve());
    }),
  };
  server.on('connection', (socket, request) => {
    expect(new URL(request.url!, 'ws://host').searchParams.get('token')).toBe('secret');
    sockets.push(socket);
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as WebClientFrame;
      calls.push(frame);
      const reply = host.answer(frame);
      if (reply) socket.send(JSON.stringify(reply));
    });
  });
  return host;
}

type Host = Awaited<ReturnType<typeof startHost>>;
const hosts: Host[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

function connect(port: number, timers: Timers) {
  const links: HostLink[] = [];
  const href = `http://127.0.0.1:${port}/?token=secret`;
  const location = { href, protocol: 'http:', host: `127.0.0.1:${port}` };
  const addresses: string[] = [];
  const history = { state: null, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => void addresses.push(String(url)) };
  const stored = new Map<string, string>();
  const storage = { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) };
  const bridge = connectWebHost(location, history, storage, (state) => links.push(state), timers);
  return { bridge, links, addresses, stored };
}

describe('the web host bridge', () => {
  it('sends a call made before the socket opened once it opens, and hands back the reply', async () => {
    const host = await startHost();
    hosts.push(host);
    const { bridge, links, addresses, stored } = connect(host.port, manualTimers().timers);
    expect(links).toEqual(['connecting']);
    // The token left the address bar for this tab's storage, and went to the host with the socket.
    expect(addresses).toEqual(['/']);
    expect([...stored.values()]).toEqual(['secret']);
    await expect(bridge.invoke('session.info')).resolves.toEqual({ ok: true, value: 'session.info' });
    expect(host.calls.map((c) => c.name)).toEqual(['session.info']);
    expect(links).toEqual(['connecting', 'open']);
  });

  it('keeps calls made while the socket is down and sends each once, after reconnecting', async () => {
    const host = await startHost();
    hosts.push(host);
    const clock = manualTimers();
    const { bridge, links } = connect(host.port, clock.timers);
    await vi.waitFor(() => expect(links.at(-1)).toBe('open'));
    host.sockets[0]!.terminate();
    await vi.waitFor(() => expect(links.at(-1)).toBe('reconnecting'));
    // Down, and waiting its first step before trying again: the calls wait with it.
    expect(clock.pending.map((p) => p.ms)).toEqual([RETRY_MS[0]]);
    const replies = [bridge.invoke('data.counts'), bridge.invoke('outbox.counts')];
    expect(host.calls).toEqual([]);

    clock.runNext();
    await expect(Promise.all(replies)).resolves.toEqual([
      { ok: true, value: 'data.counts' },
      { ok: true, value: 'outbox.counts' },
    ]);
    expect(host.calls.map((c) => c.name)).toEqual(['data.counts', 'outbox.counts']);
    expect(links).toEqual(['connecting', 'open', 'reconnecting', 'reconnecting', 'open']);
  });

  it('fails a call in flight when the socket drops, as offline, then reconnects from the first wait and hears events again', async () => {
    const host = await startHost();
    hosts.push(host);
    host.answer = () => null;
    const clock = manualTimers();
    const { bridge, links } = connect(host.port, clock.timers);
    const events: unknown[] = [];
    bridge.on('data.changed', (payload) => events.push(payload));

    const reply = bridge.invoke('sync.now');
    await vi.waitFor(() => expect(host.calls).toHaveLength(1));
    host.sockets[0]!.terminate();
    const failed = await reply;
    expect(failed).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(links.slice(-2)).toEqual(['open', 'reconnecting']);
    expect(host.calls).toHaveLength(1);

    // After an open, the backoff starts again from its first step.
    expect(clock.pending.map((p) => p.ms)).toEqual([RETRY_MS[0]]);
    host.answer = (frame) => ({ type: 'reply', id: frame.id, reply: { ok: true, value: frame.name } });
    clock.runNext();
    await vi.waitFor(() => expect(links.at(-1)).toBe('open'));
    expect(links.slice(-2)).toEqual(['reconnecting', 'open']);
    await vi.waitFor(() => expect(host.sockets.filter((s) => s.readyState === s.OPEN)).toHaveLength(1));
    host.send({ type: 'event', name: 'data.changed', payload: { resources: ['client'] } });
    await vi.waitFor(() => expect(events).toEqual([{ resources: ['client'] }]));
    // The dropped call is not sent again by itself: the caller was told it failed.
    await expect(bridge.invoke('session.info')).resolves.toEqual({ ok: true, value: 'session.info' });
    expect(host.calls.map((c) => c.name)).toEqual(['sync.now', 'session.info']);
  });
});
