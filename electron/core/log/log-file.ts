/**
 * The log file in the data folder (`logs/reseller-desk.log`): one line per event, `time LEVEL text`, each text
 * passed through the one redaction (shared/redact-url.ts redactSecrets) before it is written. Size-capped: past
 * MAX_BYTES the file is renamed `.1` (the older `.1` to `.2`, and so on; KEEP files at most) and a new one
 * begun. Appends are single writes to a file opened for appending, so the app and the command line may share
 * it. A log that cannot be written never fails what was being logged.
 */
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LOG_LEVELS, type LogLevel } from '../../../shared/contract.js';
import { redactSecrets } from '../../../shared/redact-url.js';
import { makePrivateDir, PRIVATE_FILE_MODE } from '../storage/private-files.js';

export const LOG_FOLDER = 'logs';
const LOG_NAME = 'reseller-desk.log';
const MAX_BYTES = 1024 * 1024;
const KEEP = 3;

export class LogFile {
  readonly file: string;
  private level: LogLevel = 'info';

  constructor(
    dataDir: string,
    private readonly limits = { maxBytes: MAX_BYTES, keep: KEEP },
  ) {
    this.file = join(dataDir, LOG_FOLDER, LOG_NAME);
  }

  /** What is kept from now on (the settings' logLevel). */
  setLevel(level: LogLevel): void {
    this.level = level;
  }

  /** Whether a line of `level` would be kept: a caller may skip building it. */
  keeps(level: LogLevel): boolean {
    return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(this.level);
  }

  write(level: LogLevel, text: string): void {
    if (!this.keeps(level)) return;
    const line = `${new Date().toISOString()} ${level.toUpperCase().padEnd(5)} ${redactSecrets(text).replace(/\r?\n/g, '\n    ')}\n`;
    try {
      makePrivateDir(join(this.file, '..'));
      this.rotateBefore(Buffer.byteLength(line));
      appendFileSync(this.file, line, { mode: PRIVATE_FILE_MODE });
    } catch (error) {
      console.error(`reseller-desk: the log file ${this.file} cannot be written (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }

  /** The last `count` lines, the older file's first when the current one holds fewer. */
  tail(count: number): string[] {
    const lines: string[] = [];
    for (let n = 0; n < this.limits.keep && lines.length < count; n++) {
      const file = n === 0 ? this.file : `${this.file}.${n}`;
      if (!existsSync(file)) break;
      const those = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '');
      lines.unshift(...those.slice(-(count - lines.length)));
    }
    return lines;
  }

  private rotateBefore(adding: number): void {
    if (!existsSync(this.file) || statSync(this.file).size + adding <= this.limits.maxBytes) return;
    rmSync(`${this.file}.${this.limits.keep - 1}`, { force: true });
    for (let n = this.limits.keep - 2; n >= 1; n--) {
      if (existsSync(`${this.file}.${n}`)) renameSync(`${this.file}.${n}`, `${this.file}.${n + 1}`);
    }
    renameSync(this.file, `${this.file}.1`);
  }
}
