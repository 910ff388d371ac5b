/**
 * The web host's side of window.desk in a browser tab: one WebSocket to the host that served the page, with
 * the launch token taken from the URL (then removed from the address bar, kept for this tab's reloads only).
 * Calls made while the socket is down wait for it; calls in flight when it drops fail as 'offline'. The tab
 * reconnects by itself; the link state (hostLink in bridge/index.ts) lets views show it and refresh after.
 */
import type { CallReply, DeskHostBridge, WebClientFrame, WebServerFrame } from '../../../shared/bridge';
import type { Timers } from '../../../shared/clock';
import { toWireJson } from '../../../shared/wire-json';

export type HostLink = 'open' | 'connecting' | 'reconnecting';

const TOKEN_PARAM = 'token';
const TOKEN_KEY = 'reseller-desk.web-token';
/** The waits before each reconnect after the socket closed, the last one repeated while the host stays away. */
export const RETRY_MS = [250, 500, 1000, 2000, 4000];

const browserTimers: Timers = {
  after(ms, task) {
    const timer = setTimeout(task, ms);
    return { cancel: () => clearTimeout(timer) };
  },
};

/** What the bridge reads of the page's location, history and session storage. */
type PageLocation = Pick<Location, 'href' | 'protocol' | 'host'>;
type PageHistory = Pick<History, 'state' | 'replaceState'>;
type TabStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Takes the token from the URL (removing it from the address bar) or from this tab's earlier load. */
export function takeToken(location: PageLocation, history: PageHistory, storage: TabStorage): string | null {
  const url = new URL(location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl) {
    storage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete(TOKEN_PARAM);
    history.replaceState(history.state, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return storage.getItem(TOKEN_KEY);
}

export function connectWebHost(
  location: PageLocation,
  history: PageHistory,
  storage: TabStorage,
  onLink: (state: HostLink) => void,
  /** What waits before a reconnect: the browser's timers by default. */
  timers: Timers = browserTimers,
): DeskHostBridge {
  const token = takeToken(location, history, storage);
  const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?${TOKEN_PARAM}=${encodeURIComponent(token ?? '')}`;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const inFlight = new Map<number, (reply: CallReply) => void>();
  let waiting: WebClientFrame[] = [];
  let socket: WebSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let everOpened = false;

  const emit = (name: string, payload: unknown) => listeners.get(name)?.forEach((fn) => fn(payload));

  function open(): void {
    onLink(everOpened ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(socketUrl);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onLink('open');
      for (const frame of waiting) ws.send(toWireJson(frame));
      waiting = [];
      everOpened = true;
    };
    ws.onmessage = (message) => {
      const frame = JSON.parse(String(message.data)) as WebServerFrame;
      if (frame.type === 'reply') {
        inFlight.get(frame.id)?.(frame.reply);
        inFlight.delete(frame.id);
      } else emit(frame.name, frame.payload);
    };
    ws.onclose = () => {
      socket = null;
      for (const [id, resolve] of inFlight) {
        if (waiting.some((f) => f.id === id)) continue;
        resolve({ ok: false, error: { code: 'offline', message: 'The connection to the app was lost; it is reconnecting.' } });
        inFlight.delete(id);
      }
      onLink('reconnecting');
      timers.after(RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]!, open);
    };
  }

  open();

  return {
    host: 'web',
    invoke(name, input) {
      const frame: WebClientFrame = { type: 'call', id: nextId++, name, input };
      return new Promise<CallReply>((resolve) => {
        inFlight.set(frame.id, resolve);
        if (socket?.readyState === WebSocket.OPEN) socket.send(toWireJson(frame));
        else waiting.push(frame);
      });
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
  };
}
