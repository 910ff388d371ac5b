/**
 * The sync's progress on stderr: on a terminal one line rewritten in place (step, resource, records, elapsed
 * time), cleared before anything else is said; elsewhere (a log, a pipe) one line as each resource starts.
 */
import type { EventPayloads } from '../../shared/contract.js';
import type { SyncProgress } from '../../shared/sync.js';

export class ProgressLine {
  private readonly started = Date.now();
  private shown = false;
  private lastResource: string | null = null;

  constructor(
    private readonly resources: readonly string[],
    private readonly tty = process.stderr.isTTY === true,
  ) {}

  update({ resource, done, total }: SyncProgress): void {
    const step = `[${this.resources.indexOf(resource) + 1}/${this.resources.length}] ${resource}`;
    if (!this.tty) {
      if (resource !== this.lastResource) process.stderr.write(`${step}…\n`);
      this.lastResource = resource;
      return;
    }
    const count = total === null ? `${done} records` : `${done}/${total} records`;
    process.stderr.write(`\r\x1b[K${step}: ${count} · ${seconds(Date.now() - this.started)}`);
    this.shown = true;
  }

  /** Says something on its own line, the progress line cleared first. */
  say(message: string): void {
    this.clear();
    process.stderr.write(`${message}\n`);
  }

  clear(): void {
    if (this.shown) process.stderr.write('\r\x1b[K');
    this.shown = false;
  }

  elapsed(): string {
    return seconds(Date.now() - this.started);
  }
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** "token: provider error HTTP 500; retry 2 of 5 in 0.6 s…" */
export function retryMessage(r: EventPayloads['provider.retry']): string {
  return `${r.operation}: ${plainReason(r.reason, r.operation)}; retry ${r.attempt} of ${r.maxAttempts} in ${seconds(r.delayMs)}…`;
}

/** The failure in a line a person reads: no repeated operation name, no OpenSSL dump. */
function plainReason(reason: string, operation: string): string {
  if (/EPROTO|wrong version number/.test(reason)) return 'the server does not speak HTTPS';
  const line = reason.split('\n')[0]!.trim().replace(/timeout of (\d+)ms exceeded/, (_, ms: string) => `no answer within ${Number(ms) / 1000} s`);
  return line.startsWith(`${operation}: `) ? line.slice(operation.length + 2) : line;
}
