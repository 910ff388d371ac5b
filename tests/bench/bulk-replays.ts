/**
 * The freshness pass's cost (issue 34): a bulk edit of 2,000 contacts replayed with bases (its freshness pass
 * timed alone first, then the replay that reads, decides and sends) and without (the same sends alone), each run
 * in a fresh process, in rounds with the two in turn first and second. Every run sets another city, so every edit
 * has something to send, and syncs the mirror's contacts first, so its bases are what the provider holds after
 * the earlier runs.
 */
import { join } from 'node:path';
import type { FreshnessPass, Measured, ReplayFigures, SandboxInfo } from './jobs.js';
import { fastest } from './stats.js';
import { runWorker } from './workers.js';

/** Issue 34's bulk edit: the large preset's 2,000 contacts (on the huge preset, its first 2,000). */
const EDITS = 2_000;

export interface BulkEdits {
  /** The fastest replay of each variant. */
  withBases: Measured<ReplayFigures>;
  sendsAlone: Measured<ReplayFigures>;
  /** The fastest freshness pass alone. */
  freshness: FreshnessPass;
  rounds: Array<{ freshnessMs: number; withBasesMs: number; sendsAloneMs: number }>;
}

export const passMs = (pass: FreshnessPass) => pass.readMs + pass.decideMs;

export async function measureBulkReplays(
  bundle: string,
  sandbox: SandboxInfo,
  dir: string,
  mirrorPath: string,
  rounds: number,
  log: (message: string) => void,
): Promise<BulkEdits> {
  const withBases: Array<Measured<ReplayFigures>> = [];
  const sendsAlone: Array<Measured<ReplayFigures>> = [];
  for (let round = 1; round <= rounds; round++) {
    log(`bulk edit replay, round ${round}/${rounds}…`);
    const run = (bases: boolean) => async () => {
      const name = `${bases ? 'bases' : 'plain'}-${round}`;
      const replay = await runWorker(bundle, { kind: 'replay', sandbox, mirrorPath, outboxPath: join(dir, `outbox-${name}.sqlite`), edits: EDITS, bases, city: `Bench ${name}` });
      (bases ? withBases : sendsAlone).push(replay);
      const pass = replay.freshness ? `freshness ${Math.round(passMs(replay.freshness))} ms, then ` : '';
      log(`  ${bases ? 'with bases' : 'sends alone'}: ${pass}${replay.edits} edits sent in ${Math.round(replay.wallMs)} ms`);
    };
    for (const replay of round % 2 === 1 ? [run(true), run(false)] : [run(false), run(true)]) await replay();
  }
  const passes = withBases.map((run) => run.freshness!);
  return {
    withBases: fastest(withBases),
    sendsAlone: fastest(sendsAlone),
    freshness: passes.reduce((a, b) => (passMs(b) < passMs(a) ? b : a)),
    rounds: withBases.map((run, i) => ({ freshnessMs: passMs(run.freshness!), withBasesMs: run.wallMs, sendsAloneMs: sendsAlone[i]!.wallMs })),
  };
}
