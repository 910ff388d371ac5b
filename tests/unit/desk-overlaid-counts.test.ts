/**
 * data.counts (overlaidCounts) against a real mirror file: every list's total, with the outbox's pending entries
 * read once for all the lists (after a bulk edit there are thousands, and the counts are read at each change).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Mirror } from '../../electron/core/mirror/index.js';
import { overlaidCounts, overlaidList } from '../../electron/core/desk/overlaid-list.js';
import { openOutbox } from '../../electron/core/outbox/index.js';
import { outboxFile } from './outbox-fixtures.js';
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

  it("gives each list's total as its list does, with creates, edits of what they create, and many other edits queued", async () => {
    mirror.applySnapshot('domains', [domain(1), domain(2)]);
    mirror.applySnapshot('contacts', [contact(1), contact(2)]);
    const outbox = openOutbox(outboxFile());
    const created = await outbox.enqueue({ kind: 'add-contact', params: { firstname: 'Ada', lastname: 'Lovelace', password2: 'pw-Secret1' } });
    await outbox.enqueue({ kind: 'update-contact', params: { contactid: created.localId!, city: 'Trento' } });
    await outbox.enqueue({ kind: 'add-order', params: { pid: [5], domain: ['shop.example'], domaintype: ['register'], regperiod: [1] } });
    await outbox.enqueue({ kind: 'delete-contact', params: { contactid: 2 } });
    outbox.enqueueAll(Array.from({ length: 50 }, (_, i) => ({ kind: 'update-contact' as const, params: { contactid: 1, city: `City ${i}` } })));
    const counts = overlaidCounts({ mirror, outbox });
    for (const resource of RESOURCE_NAMES) expect([resource, counts[resource]]).toEqual([resource, overlaidList({ mirror, outbox }, { resource, limit: 1 }).total]);
    expect(counts).toMatchObject({ contacts: 3, orders: 1 });
    outbox.dispose();
  });
});
