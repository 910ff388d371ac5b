/** app.*: what the window tells the engine about itself: a failure nobody handled there, written to the log. */
import { windowErrorLine } from '../../../shared/window-error.js';
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function appHandlers(state: DeskState): HandlersOf<'app'> {
  return {
    'app.reportError': (report) => state.log(windowErrorLine(report), 'error'),
  };
}
