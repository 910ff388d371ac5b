/** Latency percentiles (nearest rank) and a small seeded random source for reproducible samples. */
import type { LatencyFigures } from './jobs.js';

export function latency(samplesMs: readonly number[]): LatencyFigures {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
  return { samples: sorted.length, p50Ms: rank(50), p95Ms: rank(95), maxMs: sorted.at(-1) ?? Number.NaN };
}

/** mulberry32: a deterministic stream of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
