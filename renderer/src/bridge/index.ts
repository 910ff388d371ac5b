/**
 * The renderer's only door to the engine. In Electron the preload exposes `window.desk` (IPC); in a browser
 * tab the web host's WebSocket carries the same replies and events. Either way this module gives the typed
 * DeskBridge of shared/bridge.ts and rebuilds a failed call as a DeskCallError with its code and field issues.
 */
import { ref } from 'vue';
import { DeskCallError, type CallReply, type DeskBridge, type DeskHostBridge } from '../../../shared/bridge';
import type { ProcedureName, ProcedureOutput } from '../../../shared/contract';
import { connectWebHost, type HostLink } from './web-socket';

export { DeskCallError };

/** The link to the host: always 'open' in Electron; a browser tab may lose its web host and reconnect. */
export const hostLink = ref<HostLink>('open');

/**
 * The value of a reply to `name`, or its failure thrown as a DeskCallError. The value crossed IPC or the socket as
 * data: it is the engine's answer to `name`, typed by the contract there (rule 3), and taken as that here.
 */
function replyTo<N extends ProcedureName>(_name: N, reply: CallReply): ProcedureOutput<N> {
  if (reply.ok) return reply.value as ProcedureOutput<N>;
  throw new DeskCallError(reply.error);
}

export function typedBridge(host: DeskHostBridge): DeskBridge {
  return {
    host: host.host,
    async call(name, ...input) {
      return replyTo(name, await host.invoke(name, input[0]));
    },
    on(event, listener) {
      return host.on(event, listener as (payload: unknown) => void);
    },
  };
}

/** The preload's window.desk in Electron; in a browser tab, the web host's socket, exposed the same way. */
function hostBridge(): DeskHostBridge {
  const exposed = (window as { desk?: DeskHostBridge }).desk;
  if (exposed) return exposed;
  const web = Object.freeze(connectWebHost(window.location, window.history, window.sessionStorage, (state) => (hostLink.value = state)));
  Object.defineProperty(window, 'desk', { value: web, enumerable: true });
  return web;
}

let bridge: DeskBridge | null = null;

/** The app's bridge, made on first use (tests may install another with useBridge). */
export function desk(): DeskBridge {
  bridge ??= typedBridge(hostBridge());
  return bridge;
}

export function useBridge(replacement: DeskBridge): void {
  bridge = replacement;
}
