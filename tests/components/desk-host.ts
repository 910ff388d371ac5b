/**
 * A real Desk as the renderer's host bridge (`window.desk`), as the web host carries it: each call goes to
 * `Desk.callUnchecked` and comes back as a CallReply, each event to its listeners, both through the web host's
 * JSON (shared/wire-json.ts), so the renderer never holds the engine's own objects (nor the engine its proxies).
 * It counts the listeners the renderer holds, to prove that every one is let go, and tells when no call is on
 * its way (`idle`): what an event set off in a store has been read.
 */
import type { Desk } from '../../electron/core/desk/index.js';
import { toDeskError } from '../../electron/core/desk-error.js';
import type { CallReply, DeskHostBridge } from '../../shared/bridge.js';
import { isEventName, isProcedureName } from '../../shared/contract-names.js';
import { fromWireJson, toWireJson } from '../../shared/wire-json.js';

const acrossTheWire = (value: unknown): unknown => (value === undefined ? undefined : fromWireJson(toWireJson(value)));

export class DeskHost implements DeskHostBridge {
  readonly host = 'web';
  private live = 0;
  private readonly inFlight = new Set<Promise<CallReply>>();

  constructor(private readonly desk: Desk) {}

  invoke(name: string, input?: unknown): Promise<CallReply> {
    const reply = this.answer(name, input);
    this.inFlight.add(reply);
    void reply.finally(() => this.inFlight.delete(reply));
    return reply;
  }

  private async answer(name: string, input: unknown): Promise<CallReply> {
    try {
      if (!isProcedureName(name)) throw new Error(`no procedure named ${name}`);
      return { ok: true, value: acrossTheWire(await this.desk.callUnchecked(name, acrossTheWire(input))) };
    } catch (error) {
      return { ok: false, error: toDeskError(error, name, undefined, () => undefined).toJSON() };
    }
  }

  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!isEventName(event)) throw new Error(`no event named ${event}`);
    const forward = (payload: unknown) => listener(acrossTheWire(payload));
    this.desk.on(event, forward);
    this.live += 1;
    let subscribed = true;
    return () => {
      if (!subscribed) return;
      subscribed = false;
      this.desk.off(event, forward);
      this.live -= 1;
    };
  }

  /**
   * Resolves once no call is on its way, after the renderer has had a turn to make the calls its listeners and
   * watchers start (a store's load runs after a microtask; a watcher after Vue's flush).
   */
  async idle(): Promise<void> {
    do {
      await new Promise((resolve) => setTimeout(resolve));
      await Promise.allSettled(this.inFlight);
    } while (this.inFlight.size > 0);
    await new Promise((resolve) => setTimeout(resolve));
  }

  /** Listeners the renderer holds now, over every event. */
  listenerCount(): number {
    return this.live;
  }
}
