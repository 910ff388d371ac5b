import { visibleControls } from './terminal-text.js';

/** Plain-text tables for the terminal: columns padded to their widest cell; a cell's control characters and line breaks escaped. */
export function table(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : visibleControls(String(cell), true))))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  return cells.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}
