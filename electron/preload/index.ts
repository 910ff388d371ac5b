/**
 * The renderer's only window on the main process: `window.desk` with `call(name, input)` and `on(event, fn)`,
 * restricted to the contract's names. No tokens or secrets ever pass here (Desk never returns them).
 */
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_NAMES, isProcedureName, type CallError } from '../../shared/contract.js';

type IpcReply = { ok: true; value: unknown } | { ok: false; error: CallError };

contextBridge.exposeInMainWorld(
  'desk',
  Object.freeze({
    host: 'electron' as const,
    async call(name: string, input?: unknown): Promise<unknown> {
      if (!isProcedureName(name)) throw Object.assign(new Error(`No procedure named "${name}".`), { code: 'not_found' });
      const reply = (await ipcRenderer.invoke(`desk:call:${name}`, input)) as IpcReply;
      if (reply.ok) return reply.value;
      throw Object.assign(new Error(reply.error.message), reply.error);
    },
    on(event: string, listener: (payload: unknown) => void): () => void {
      if (!(EVENT_NAMES as readonly string[]).includes(event)) throw new Error(`No event named "${event}".`);
      const channel = `desk:event:${event}`;
      const handler = (_: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, handler);
      return () => void ipcRenderer.off(channel, handler);
    },
  }),
);
