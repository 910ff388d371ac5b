/**
 * Provider text on a person's terminal (issue 35.13): the control characters a terminal acts on (C0 but the line
 * break, DEL, C1: ESC sequences that move the cursor or retitle the window, BEL, backspace, CR that overwrites a
 * line) are shown as escapes (`\x1b`), never sent as they are. JSON keeps them as JSON escapes of the same
 * characters; CSV written to a file or a pipe keeps the data as it is.
 */
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const CONTROLS_AND_LINE_BREAKS = /[\u0000-\u001f\u007f-\u009f]/g;

const hex = (char: string) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text with its control characters escaped; `lineBreaks` escapes line breaks too (a table's cell). */
export function visibleControls(text: string, lineBreaks = false): string {
  return text.replace(lineBreaks ? CONTROLS_AND_LINE_BREAKS : CONTROLS, (char) => NAMED[char] ?? hex(char));
}

/** JSON text with DEL and C1 controls written as \u escapes, as JSON.stringify already writes C0: the same data. */
export function jsonWithoutControls(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
