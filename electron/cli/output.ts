/** What a command prints: results on stdout (JSON with --json), notes and warnings on stderr. */
import { redactUrls } from '../../shared/redact-url.js';
import { table } from './table.js';

export { table };

export function print(json: boolean | undefined, data: unknown, text: () => string): void {
  process.stdout.write(`${json ? JSON.stringify(data) : text()}\n`);
}

/** A line on stderr, never with an address's user name or password. */
export function say(message: string): void {
  process.stderr.write(`${redactUrls(message)}\n`);
}
