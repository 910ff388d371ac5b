/**
 * The sandbox provider in a process of its own (its CPU and memory must not count in the figures): started
 * through its CLI with --json, whose one stdout line gives the URLs and the demo account.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './cpu-clock.js';
import type { SandboxInfo } from './jobs.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface SandboxProcess {
  info: SandboxInfo;
  /** The sandbox's CPU time so far (every thread), in ms; null where the platform does not tell. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: readonly string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['bin/sandbox.js', '--json', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    exited.then(([code, signal]) => reject(new Error(`the sandbox exited (${String(signal ?? `code ${code}`)}) before listening`)), reject);
  });
  let info: SandboxInfo;
  try {
    info = JSON.parse(await firstLine) as SandboxInfo;
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    info,
    cpuMs: () => (child.pid === undefined ? null : processCpuMs(child.pid)),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
