/**
 * A long provider value (a 512 KB payment description) laid out whole in one element freezes the page for
 * a minute: it is shown cut, and read whole in LongTextDialog, one fixed-width line of it at a time.
 */

/** Characters shown in place before "Show all". */
export const SHOWN_CHARACTERS = 600;
/** Characters per line of the full view (its lines are virtualized, so each is one row of fixed height). */
export const LINE_CHARACTERS = 120;

/** The value's own lines, each broken every LINE_CHARACTERS, for a virtualized list. */
export function textLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split('\n')) {
    if (line.length <= LINE_CHARACTERS) lines.push(line);
    else for (let at = 0; at < line.length; at += LINE_CHARACTERS) lines.push(line.slice(at, at + LINE_CHARACTERS));
  }
  return lines;
}
