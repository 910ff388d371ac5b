/** Latency percentiles (nearest rank), and the fastest of a variant's runs. */
import type { LatencyFigures, Measured, TransferFigures } from './jobs.js';

export function latency(samplesMs: readonly number[]): LatencyFigures {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { samples: sorted.length, p50Ms: rank(50), p95Ms: rank(95), maxMs: sorted.at(-1) ?? Number.NaN };
}

/** The fastest run's figures, with the highest peak RSS of all the runs. */
export function fastest<T extends Measured<TransferFigures>>(runs: T[]): T {
  const best = runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  return { ...best, peakRssMb: Math.max(...runs.map((run) => run.peakRssMb)) };
}
