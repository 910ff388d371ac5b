/** Latency percentiles (nearest rank) and a small seeded random source for reproducible samples. */
import type { LatencyFigures } from './jobs.js';

export function latency(samplesMs: readonly number[]): LatencyFigures {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { samples: sorted.length, p50Ms: rank(50), p95Ms: rank(95), maxMs: sorted.at(-1) ?? Number.NaN };
}

