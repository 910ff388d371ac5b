/** print.*: answered by the desktop host (it has the window to print); the engine alone refuses, saying where it works. */
import { DeskError } from '../desk-error.js';
import type { HandlersOf } from './handlers.js';

export function printHandlers(): HandlersOf<'print'> {
  return {
    'print.savePdf': () => {
      throw new DeskError('refused', 'Saving as PDF is done by the desktop app; in a browser tab, print the page and choose "Save as PDF" there.');
    },
  };
}
