/**
 * The IPC binding: one `ipcMain.handle` per procedure of the contract, answering only the app's own window
 * (GitHub Desktop's trusted-sender check), with the input parsed by the contract's schema inside Desk.call;
 * and every Desk event forwarded to the window. Replies carry either a value or a CallError, never an
 * exception object (whose stack and fields would cross the boundary).
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { EVENT_NAMES, PROCEDURE_NAMES, type CallError } from '../../shared/contract.js';
import type { Desk } from '../core/desk.js';
import { toDeskError } from '../core/desk-error.js';

export type IpcReply = { ok: true; value: unknown } | { ok: false; error: CallError };

export const procedureChannel = (name: string) => `desk:call:${name}`;
export const eventChannel = (name: string) => `desk:event:${name}`;

function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow): boolean {
  return !window.isDestroyed() && event.sender === window.webContents && event.senderFrame === window.webContents.mainFrame;
}

export function bindDesk(desk: Desk, window: BrowserWindow): () => void {
  for (const name of PROCEDURE_NAMES) {
    ipcMain.handle(procedureChannel(name), async (event, input: unknown): Promise<IpcReply> => {
      if (!isTrustedSender(event, window)) return { ok: false, error: { code: 'refused', message: 'untrusted sender' } };
      try {
        return { ok: true, value: await desk.call(name, input) };
      } catch (error) {
        return { ok: false, error: toDeskError(error, name).toJSON() };
      }
    });
  }
  const forwards = EVENT_NAMES.map((name) => {
    const forward = (payload: unknown) => {
      if (!window.isDestroyed()) window.webContents.send(eventChannel(name), payload);
    };
    desk.on(name, forward);
    return () => desk.off(name, forward);
  });
  return () => {
    for (const name of PROCEDURE_NAMES) ipcMain.removeHandler(procedureChannel(name));
    for (const off of forwards) off();
  };
}
