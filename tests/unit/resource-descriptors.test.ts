/**
 * What the engine reads from the resources' descriptors rather than from tables of its own: which resources
 * the outbox's pending edits are laid over (Desk), and a puller for each synced resource (the syncer).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { OverlayResource } from '../../electron/core/outbox/index.js';
import { PULLERS } from '../../electron/core/sync/pullers.js';
import { RESOURCE_NAMES, SYNCED_RESOURCES } from '../../shared/records.js';
import { isOverlaid, type OverlaidResource } from '../../shared/resources/index.js';

describe('resource descriptors', () => {
  it('mark as overlaid exactly the resources the outbox overlay lays pending edits over', () => {
    expect(RESOURCE_NAMES.filter(isOverlaid).sort()).toEqual(['contacts', 'domains', 'invoices', 'orders', 'tickets']);
    // A resource marked on one side only fails the typecheck.
    expectTypeOf<OverlaidResource>().toEqualTypeOf<OverlayResource>();
  });

  it('give every synced resource a puller, and the local invoices none', () => {
    expect(Object.keys(PULLERS).sort()).toEqual([...SYNCED_RESOURCES].sort());
    for (const puller of Object.values(PULLERS)) expect(puller).toBeTypeOf('function');
  });
});
