/**
 * The palette's highlighted option: the one Enter runs, kept as its value among the options shown.
 *
 * While the person types, the first option is the one. Once they move the highlight (arrows, or the pointer), it
 * stays where they put it while results for the same text arrive, as long as that option is still shown. Some option
 * is highlighted whenever any is shown: Enter always has something to run.
 */
import { ref, watch, type Ref } from 'vue';

export type HighlightMove = 'previous' | 'next' | 'first' | 'last';

/** Where a move takes the highlight among `shown` (no wrapping: the first and the last are ends). */
export function movedHighlight(shown: readonly string[], current: string | null, move: HighlightMove): string | null {
  if (shown.length === 0) return null;
  const at = current === null ? -1 : shown.indexOf(current);
  const last = shown.length - 1;
  switch (move) {
    case 'first':
      return shown[0]!;
    case 'last':
      return shown[last]!;
    case 'next':
      return shown[Math.min(at + 1, last)]!;
    case 'previous':
      return shown[Math.max(at - 1, 0)]!;
  }
}

export function usePaletteHighlight(shown: Readonly<Ref<readonly string[]>>) {
  const highlighted = ref<string | null>(null);
  /** Moved by the person since they last typed. */
  let moved = false;
  watch(
    shown,
    (options) => {
      if (!(moved && highlighted.value !== null && options.includes(highlighted.value))) highlighted.value = options[0] ?? null;
    },
    { immediate: true },
  );
  return {
    highlighted,
    /** The text changed: the next results give the highlight to their first option. */
    typed(): void {
      moved = false;
    },
    move(to: HighlightMove): void {
      highlighted.value = movedHighlight(shown.value, highlighted.value, to);
      moved = true;
    },
    /** The pointer moved onto an option. */
    point(value: string): void {
      highlighted.value = value;
      moved = true;
    },
  };
}
