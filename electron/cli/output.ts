/** What a command prints: results on stdout (JSON with --json), notes and warnings on stderr. */
import { redactUrls } from '../../shared/redact-url.js';
import { table } from './table.js';
import { jsonWithoutControls, visibleControls } from './terminal-text.js';

export { table };

/** A result: JSON with --json, else the text, its control characters escaped (terminal-text.ts). */
export function print(json: boolean | undefined, data: unknown, text: () => string): void {
  process.stdout.write(`${json ? jsonWithoutControls(JSON.stringify(data)) : visibleControls(text())}\n`);
}

/** A line on stderr, never with an address's user name or password, nor a control character a terminal acts on. */
export function say(message: string): void {
  process.stderr.write(`${visibleControls(redactUrls(message))}\n`);
}
