/**
 * What a front end sees of the engine: `window.desk`, typed from the contract. The preload (over IPC) and the
 * web host (over a WebSocket) both carry the same replies and events; the renderer's bridge turns a failed
 * reply back into an Error with its CallError fields (Electron's contextBridge would keep only the message).
 */
import type { CallError, EventName, EventPayloads, ProcedureInput, ProcedureName, ProcedureOutput } from './contract.js';

/** A procedure's answer as it crosses a process boundary: a value, or a CallError (never an exception object). */
export type CallReply<T = unknown> = { ok: true; value: T } | { ok: false; error: CallError };

/** IPC channel names, used by the Electron shell and its preload alike. */
export const procedureChannel = (name: string): string => `desk:call:${name}`;
export const eventChannel = (name: string): string => `desk:event:${name}`;

/** The raw object a host exposes as `window.desk`: replies are passed through unchanged. */
export interface DeskHostBridge {
  readonly host: 'electron' | 'web';
  invoke(name: string, input?: unknown): Promise<CallReply>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** The typed face the renderer uses: one input, output and payload type per name. */
export interface DeskBridge {
  readonly host: 'electron' | 'web';
  call<N extends ProcedureName>(name: N, ...input: undefined extends ProcedureInput<N> ? [ProcedureInput<N>?] : [ProcedureInput<N>]): Promise<ProcedureOutput<N>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
}

/** A failed call, rebuilt on the renderer's side with its code and per-field issues. */
export class DeskCallError extends Error implements CallError {
  override readonly name = 'DeskCallError';
  readonly code: CallError['code'];
  readonly issues?: CallError['issues'];
  readonly facts?: CallError['facts'];

  constructor(error: CallError) {
    super(error.message);
    this.code = error.code;
    if (error.issues) this.issues = error.issues;
    if (error.facts) this.facts = error.facts;
  }

  /** The message for one form field, if the engine named it. */
  fieldMessage(field: string): string | undefined {
    return this.issues?.find((i) => i.field === field)?.message;
  }
}

/** The web host's WebSocket frames. */
export type WebClientFrame = { type: 'call'; id: number; name: string; input?: unknown };
export type WebServerFrame =
  | { type: 'reply'; id: number; reply: CallReply }
  | { type: 'event'; name: string; payload: unknown };
