/**
 * A checkbox shows the selection's state, not its own: once the parent has changed it, the box is set from it
 * (a range may leave the clicked box as it was, which the binding alone would not put back).
 */
import { nextTick } from 'vue';

export function showSelection(event: MouseEvent, checked: () => boolean): void {
  const box = event.currentTarget as HTMLInputElement;
  void nextTick(() => (box.checked = checked()));
}
