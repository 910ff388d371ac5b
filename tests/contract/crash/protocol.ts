/**
 * Between the crash test and its workers: the one JSON argument a worker gets, and the lines it prints
 * (one a step, so the parent can pick the moment to SIGKILL it).
 *
 * replay: `entry <id> <state>` for every state change, `busy` while another replayer's lease is alive,
 *         `settled` when nothing more is due, `recording` when it stalls before recording a reply (to be killed).
 * sync:   `progress <resource> <done>/<total or ?>` (the first one means the run is recorded), `sync <outcome>`.
 */
import type { AccountCredentials } from '../../../sandbox/options.js';

export type WorkerMode = 'sync' | 'replay';

export interface WorkerConfig {
  mode: WorkerMode;
  /** The account's mirror file (sync) or outbox file (replay). */
  file: string;
  baseUrl: string;
  altBaseUrl: string;
  account: Pick<AccountCredentials, 'clientId' | 'clientSecret' | 'username' | 'password'>;
  /** Added to Date.now(): the sandbox's clock, which dates records on its own "today". */
  clockOffsetMs: number;
  /** The replay lease's time to live (see the worker). */
  leaseTtlMs: number;
  /** replay: stop dead (printing RECORDING) when an entry's reply is in and its success is about to be recorded. */
  stallBeforeRecording?: boolean;
}

export const RECORDING = 'recording';

export const SETTLED = 'settled';
export const SENDING_LINE = /^entry \d+ sending$/;

/** The line printed once the last page of `resource` is read: its snapshot is being written. */
export function lastPageLine(resource: string): RegExp {
  return new RegExp(`^progress ${resource} (\\d+)/\\1$`);
}

export const isProgressLine = (line: string) => line.startsWith('progress ');
