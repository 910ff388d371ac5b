/** A DeskBridge for the renderer's unit tests: answers from a table of handlers, and events sent by hand. */
import type { DeskBridge } from '../../../shared/bridge';
import type { EventName, EventPayloads, ProcedureName, ProcedureOutput } from '../../../shared/contract';
import { useBridge } from '../../../renderer/src/bridge';

type Answers = { [N in ProcedureName]?: (input: unknown) => ProcedureOutput<N> | Promise<ProcedureOutput<N>> };

export interface FakeBridge {
  /** Each procedure's calls, in order, by name. */
  calls: ProcedureName[];
  emit<E extends EventName>(event: E, payload: EventPayloads[E]): void;
  /** Listeners subscribed now, over every event. */
  listeners(): number;
}

/** Installs a fake bridge as the renderer's (useBridge) and returns its handle. */
export function installFakeBridge(answers: Answers): FakeBridge {
  const calls: ProcedureName[] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const bridge: DeskBridge = {
    host: 'web',
    async call(name, ...input) {
      calls.push(name);
      const answer = answers[name];
      if (!answer) throw new Error(`no answer for ${name}`);
      return answer(input[0]);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const untyped = listener as (payload: unknown) => void;
      set.add(untyped);
      return () => void set.delete(untyped);
    },
  };
  useBridge(bridge);
  return {
    calls,
    emit: (event, payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    },
    listeners: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
