/**
 * The stand-in's `ipcMain`: one handler per channel (a second `handle` throws, as Electron's does), called
 * with an event that names the webContents and the frame that sent it; arguments and replies cross with
 * structured-clone semantics (what cannot be cloned fails as it does in Electron).
 */
import { EventEmitter } from 'node:events';

export interface IpcEvent {
  sender: unknown;
  senderFrame: unknown;
  processId: number;
  frameId: number;
}
type Handler = (event: IpcEvent, ...args: unknown[]) => unknown;

class StandinIpcMain extends EventEmitter {
  private readonly handlers = new Map<string, Handler>();

  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: Handler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  /** An `ipcRenderer.invoke` from a page: the handler's value, or the error text Electron would reject with. */
  async invoke(event: IpcEvent, channel: string, args: unknown[]): Promise<{ value: unknown } | { error: string }> {
    const handler = this.handlers.get(channel);
    if (!handler) return { error: `Error: No handler registered for '${channel}'` };
    try {
      const value = await handler(event, ...structuredClone(args));
      return { value: structuredClone(value) };
    } catch (error) {
      return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
  }
}

export const ipcMain = new StandinIpcMain();
