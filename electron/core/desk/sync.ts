/** sync.*: replay then pull, cancel, and the mirror's sync state and history. */
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function syncHandlers(state: DeskState): HandlersOf<'sync'> {
  return {
    'sync.run': (input) => state.current.replayThenSync(input?.only),
    'sync.cancel': () => state.current.syncer.cancel(),
    'sync.status': () => ({
      running: state.current.syncer.running,
      resources: state.current.mirror.syncStates(),
      lastRun: state.current.mirror.syncRuns(1)[0] ?? null,
    }),
    'sync.history': (input) => state.current.mirror.syncRuns(input?.limit ?? 20),
  };
}
