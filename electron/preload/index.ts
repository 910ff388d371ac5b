/**
 * The renderer's only window on the main process: `window.desk`, a DeskHostBridge. `invoke` passes the main
 * process's CallReply through unchanged (the renderer's bridge turns a failure back into an Error: the context
 * bridge would keep only an Error's message); `on` subscribes to one contract event. Names outside the
 * contract never reach IPC. No token or secret passes here (Desk never returns one).
 *
 * Electron runs a sandboxed preload with a `require` that knows only its own modules (and events, timers,
 * url): this file must build to one CommonJS file that requires nothing but `electron`, so it imports only the
 * contract's names and the channel helpers, never zod or the schemas (tests/e2e/desktop checks the build).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { eventChannel, procedureChannel, type CallReply, type DeskHostBridge } from '../../shared/bridge.js';
import { isEventName, isProcedureName } from '../../shared/contract-names.js';

const bridge: DeskHostBridge = {
  host: 'electron',
  async invoke(name, input): Promise<CallReply> {
    if (!isProcedureName(name)) return { ok: false, error: { code: 'not_found', message: `No procedure named "${name}".` } };
    return (await ipcRenderer.invoke(procedureChannel(name), input)) as CallReply;
  },
  on(event, listener) {
    if (!isEventName(event)) throw new Error(`No event named "${event}".`);
    const channel = eventChannel(event);
    const handler = (_: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => void ipcRenderer.off(channel, handler);
  },
};

contextBridge.exposeInMainWorld('desk', Object.freeze(bridge));
