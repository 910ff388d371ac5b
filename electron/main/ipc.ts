/**
 * The IPC binding: one `ipcMain.handle` per procedure of the contract, answering only the main frame of one
 * of the app's own windows (GitHub Desktop's trusted-sender check), with the input parsed by the contract's
 * schema inside Desk.call; and every Desk event forwarded to every live window. Replies are CallReplies: a
 * value or a CallError, never an exception object (whose stack and fields would cross the boundary). A few
 * procedures need the window itself (print.savePdf): the shell answers those, with the input parsed by the same
 * schema, and Desk never sees them.
 *
 * It sees Electron only through the small interfaces below, so that it is tested with Electron-free fakes.
 */
import { z } from 'zod';
import { eventChannel, procedureChannel, type CallReply } from '../../shared/bridge.js';
import { EVENT_NAMES, PROCEDURE_NAMES, PROCEDURES, type EventName, type EventPayloads, type ProcedureName, type ProcedureOutput } from '../../shared/contract.js';
import type { ParsedInput } from '../core/desk/handlers.js';
import type { Desk } from '../core/desk/index.js';
import { toDeskError } from '../core/desk-error.js';

/** What the binding uses of an `invoke` event: who sent it. */
export interface InvokeSender {
  sender: unknown;
  senderFrame: unknown;
}

/** What the binding uses of Electron's `ipcMain`. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeSender, input: unknown) => Promise<CallReply>): void;
  removeHandler(channel: string): void;
}

/** What the binding uses of a BrowserWindow. */
export interface BoundWindow {
  isDestroyed(): boolean;
  readonly webContents: { readonly mainFrame: unknown; send(channel: string, payload: unknown): void };
}

export type DeskEvents = Pick<Desk, 'callUnchecked' | 'on' | 'off'>;

/** Procedures the shell answers itself, given the sender (the page's webContents) that asked. */
export type HostProcedures = { [N in ProcedureName]?: (input: ParsedInput<N>, sender: unknown) => Promise<ProcedureOutput<N>> };

const REFUSED: CallReply = { ok: false, error: { code: 'refused', message: 'This request did not come from the app’s own window.' } };

export class DeskBinding {
  private readonly windows = new Set<BoundWindow>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly desk: DeskEvents,
    private readonly ipc: IpcMainLike,
    host: HostProcedures = {},
  ) {
    for (const name of PROCEDURE_NAMES) {
      const own = host[name] as ((input: unknown, sender: unknown) => Promise<unknown>) | undefined;
      ipc.handle(procedureChannel(name), async (event, input) => {
        if (!this.isTrusted(event)) return REFUSED;
        try {
          const value = own ? await own(z.parse(PROCEDURES[name].input, input), event.sender) : await desk.callUnchecked(name, input);
          return { ok: true, value };
        } catch (error) {
          return { ok: false, error: toDeskError(error, name).toJSON() };
        }
      });
    }
    for (const name of EVENT_NAMES) {
      const forward = (payload: EventPayloads[typeof name]) => this.send(name, payload);
      desk.on(name, forward);
      this.unsubscribe.push(() => desk.off(name, forward));
    }
  }

  /** Lets a window call procedures and receive events, until it is destroyed or the returned function runs. */
  attach(window: BoundWindow): () => void {
    this.windows.add(window);
    return () => this.windows.delete(window);
  }

  /** Sends an event to every live window (the engine's, and the shell's own app.command). */
  send<E extends EventName>(event: E, payload: EventPayloads[E]): void {
    for (const window of this.windows) {
      if (window.isDestroyed()) this.windows.delete(window);
      else window.webContents.send(eventChannel(event), payload);
    }
  }

  dispose(): void {
    for (const name of PROCEDURE_NAMES) this.ipc.removeHandler(procedureChannel(name));
    for (const off of this.unsubscribe.splice(0)) off();
    this.windows.clear();
  }

  /** Only the top frame of one of our live windows: never an iframe, never another webContents. */
  private isTrusted(event: InvokeSender): boolean {
    for (const window of this.windows) {
      if (!window.isDestroyed() && event.sender === window.webContents && event.senderFrame === window.webContents.mainFrame) return true;
    }
    return false;
  }
}
