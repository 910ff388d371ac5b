/** drafts.*: the open account's form drafts (kept in its outbox file: electron/core/outbox/drafts.ts). */
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function draftsHandlers(state: DeskState): HandlersOf<'drafts'> {
  return {
    'drafts.get': ({ key }) => state.current.outbox.drafts.get(key),
    'drafts.base': ({ key }) => state.current.outbox.drafts.baseOf(key),
    'drafts.save': ({ key, value }) => state.current.outbox.drafts.save(key, value),
    'drafts.clear': ({ key }) => state.current.outbox.drafts.drop(key),
  };
}
