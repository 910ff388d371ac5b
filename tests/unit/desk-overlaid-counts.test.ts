/**
 * data.counts (overlaidCounts) against a real mirror file: every list's total, with the outbox's pending entries
 * read once for all the lists (after a bulk edit there are thousands, and the counts are read at each change).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mirror } from '../../electron/core/mirror/index.js';
import { overlaidCounts } from '../../electron/core/desk/overlaid-list.js';
import { RESOURCE_NAMES } from '../../shared/records.js';
import { contact, domain, openMirror, tempDir } from './mirror-fixtures.js';

let cleanup: () => void;
let mirror: Mirror;
beforeEach(() => {
  const made = tempDir();
  cleanup = made.cleanup;
  mirror = openMirror(made.dir);
});
afterEach(() => {
  mirror.dispose();
  cleanup();
});

describe('overlaidCounts', () => {
  it("counts every list, reading the outbox's pending entries once", () => {
    mirror.applySnapshot('domains', [domain(1), domain(2), domain(3)]);
    mirror.applySnapshot('contacts', [contact(1)]);
    let reads = 0;
    const counts = overlaidCounts({ mirror, outbox: { pending: () => (reads++, []) } });
    expect(reads).toBe(1);
    expect(Object.keys(counts).sort()).toEqual([...RESOURCE_NAMES].sort());
    expect(counts).toMatchObject({ domains: 3, contacts: 1, tickets: 0 });
  });
});
