/**
 * Where the keyboard lands on a screen reached without a link to keep the focus on (the palette, the skip
 * link): the screen's content (`main`, focusable from script only), or on a list screen its table's row that
 * is the tab stop, once the rows are drawn — so the arrows work at once.
 */
import { nextTick } from 'vue';

/** Frames to wait for a list's first rows before settling for the screen itself. */
const ROW_WAIT_FRAMES = 120;

export function focusContent(): HTMLElement | null {
  const main = document.querySelector<HTMLElement>('main');
  main?.focus();
  return main;
}

/** A dialog the new screen opened (New contact from the palette) keeps the focus it took. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export async function focusScreen(): Promise<void> {
  await nextTick();
  if (dialogOpen()) return;
  const main = focusContent();
  if (!main?.querySelector('.list-screen')) return;
  for (let frame = 0; frame < ROW_WAIT_FRAMES; frame++) {
    const row = main.querySelector<HTMLElement>('[role="grid"] [role="row"][tabindex="0"]');
    // Someone moved on meanwhile (typed, clicked, a form opened): leave the focus where it went.
    if (document.activeElement !== main || dialogOpen()) return;
    if (row && row.offsetParent !== null) {
      row.focus();
      return;
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}
