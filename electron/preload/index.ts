/**
 * The renderer's only window on the main process: `window.desk`, a DeskHostBridge. `invoke` passes the main
 * process's CallReply through unchanged (the renderer's bridge turns a failure back into an Error: the context
 * bridge would keep only an Error's message); `on` subscribes to one contract event. Names outside the
 * contract never reach IPC. No token or secret passes here (Desk never returns one).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { eventChannel, procedureChannel, type CallReply, type DeskHostBridge } from '../../shared/bridge.js';
import { EVENT_NAMES, isProcedureName } from '../../shared/contract.js';

const bridge: DeskHostBridge = {
  host: 'electron',
  async invoke(name, input): Promise<CallReply> {
    if (!isProcedureName(name)) return { ok: false, error: { code: 'not_found', message: `No procedure named "${name}".` } };
    return (await ipcRenderer.invoke(procedureChannel(name), input)) as CallReply;
  },
  on(event, listener) {
    if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`No event named "${event}".`);
    const channel = eventChannel(event);
    const handler = (_: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => void ipcRenderer.off(channel, handler);
  },
};

contextBridge.exposeInMainWorld('desk', Object.freeze(bridge));
