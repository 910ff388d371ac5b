/**
 * A list's column widths as the person set them (dragging a column's edge, or its arrow keys), kept per list in
 * localStorage; each starts at its descriptor's width. Widths are whole pixels within bounds, so a column can
 * neither vanish nor push the rest off the screen.
 */
import { ref, watch, type Ref } from 'vue';
import type { ColumnSpec } from '../../../../shared/resource-fields';

export const MIN_WIDTH = 56;
export const MAX_WIDTH = 900;

const clamp = (width: number) => Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width)));
const keyOf = (resource: string) => `lists.columns.${resource}`;

function stored(resource: string): Record<string, number> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(resource)) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function useColumnWidths(resource: Ref<string>, columns: Ref<readonly ColumnSpec[]>) {
  const custom = ref<Record<string, number>>(stored(resource.value));
  watch(resource, (name) => (custom.value = stored(name)));

  function widthOf(column: ColumnSpec): number {
    const width = custom.value[column.field];
    return typeof width === 'number' && Number.isFinite(width) ? clamp(width) : column.width;
  }

  function setWidth(column: ColumnSpec, width: number): void {
    custom.value = { ...custom.value, [column.field]: clamp(width) };
    localStorage.setItem(keyOf(resource.value), JSON.stringify(custom.value));
  }

  /** Back to the descriptor's width. */
  function reset(column: ColumnSpec): void {
    const { [column.field]: _gone, ...rest } = custom.value;
    custom.value = rest;
    localStorage.setItem(keyOf(resource.value), JSON.stringify(rest));
  }

  const widths = () => columns.value.map(widthOf);
  return { widths, widthOf, setWidth, reset };
}
