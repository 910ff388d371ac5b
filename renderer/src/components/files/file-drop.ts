/**
 * Files dropped on an element: every file of one drop handed on together (a drop is never split into one call
 * per file). A drop that an element inside already took (its own zone, which prevented its default) is left to
 * that one, so a dialog that takes drops anywhere and a zone inside it never both take the same drop.
 */
import { ref } from 'vue';

export function useFileDrop(take: (files: File[]) => void) {
  const dragging = ref(false);
  return {
    /** Files are being dragged over the element (it shows where they can go). */
    dragging,
    onDragover(event: DragEvent): void {
      event.preventDefault();
      dragging.value = true;
    },
    onDragleave(): void {
      dragging.value = false;
    },
    onDrop(event: DragEvent): void {
      dragging.value = false;
      if (event.defaultPrevented) return;
      event.preventDefault();
      take(Array.from(event.dataTransfer?.files ?? []));
    },
  };
}
