/**
 * The soak at a reduced size (`npm run soak` runs it in full): every edit of every kind applied exactly once under
 * faults. The web host's part is left to `npm run soak`: it took 11 s on a busy two-core machine
 * (more than the replay at this size), and a build of the renderer more where its build is not current.
 */
import { describe, expect, it } from 'vitest';
import { runSoak } from '../../soak/soak.js';

describe('soak (reduced)', () => {
  it('40 edits under 20% 500s, 10% resets, 429s and 2 s tokens: each applied exactly once, none lost', { timeout: 240_000 }, async () => {
    const counts = await runSoak({ edits: 40, tokenLifeSeconds: 2, webHost: false });
    expect(counts.queued).toBe(40);
    expect(counts.confirmed).toBe(40);
    for (const [what, { expected, found }] of Object.entries(counts.server)) expect(found, what).toBe(expected);
    console.log(`soak: ${counts.queued} edits, peak RSS ${counts.peakRssMb} MB, ${counts.seconds} s`);
  });
});
