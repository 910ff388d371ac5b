/** Runs one job in a fresh process of the worker bundle (worker-bundle.ts) and resolves with what it measured. */
import { fork } from 'node:child_process';
import type { JobKind, JobOf, JobResults, Measured, WorkerReply } from './jobs.js';

export function runWorker<K extends JobKind>(bundle: string, job: JobOf<K>): Promise<Measured<JobResults[K]>> {
  // Plain node (no loader flags inherited from tsx). The worker's stdout goes to our stderr: stdout is the
  // report's, and --json's last line.
  const child = fork(bundle, [], { execArgv: [], stdio: ['ignore', 2, 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let reply: WorkerReply<K> | null = null;
    child.once('message', (message: WorkerReply<K>) => {
      reply = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (reply === null) reject(new Error(`the ${job.kind} worker exited (${signal ?? `code ${code}`}) without a result`));
      else if (!reply.ok) reject(new Error(`the ${job.kind} worker failed: ${reply.error}`));
      else resolve(reply.result);
    });
    child.send(job);
  });
}
