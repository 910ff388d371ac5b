/**
 * A provider that trickles its replies (a few bytes a second, so no request ever times out) cannot hold a sync
 * past its deadline: the run ends with its summary, naming each operation it did not finish.
 */
import { describe, expect, it } from 'vitest';
import { SYNCED_RESOURCES } from '../../../electron/core/mirror/index.js';
import { Syncer } from '../../../electron/core/sync/index.js';
import { sandboxSyncPerTest } from './harness.js';

const sandboxSync = sandboxSyncPerTest();

describe('the sync deadline', () => {
  it('ends a sync held by a trickling provider, naming what it did not finish, and keeps the mirror', async () => {
    const { sb, setup } = await sandboxSync();
    expect((await setup.syncer.sync()).outcome).toBe('ok');
    const before = setup.mirror.counts();

    const hurried = new Syncer({ client: setup.client, mirror: setup.mirror, deadlineMs: 2_000 });
    sb.setFaults({ trickleBytesPerSecond: 20 });
    const summary = await hurried.sync();
    await hurried.dispose();
    expect(summary.outcome).toBe('failed');
    expect(summary.resources.map((r) => r.resource)).toEqual([...SYNCED_RESOURCES]);
    const [first, ...rest] = summary.resources;
    expect(first).toMatchObject({ resource: 'client', outcome: 'failed' });
    expect(first!.error).toBe("the sync's deadline (2 s) passed before get-clients-details (client) finished");
    for (const r of rest) {
      expect(r.outcome, r.resource).toBe('skipped');
      expect(r.error, r.resource).toMatch(/^the sync's deadline \(2 s\) passed so get-[a-z-]+ \([a-z]+\) was not attempted$/);
    }
    expect(setup.mirror.counts()).toEqual(before);

    sb.setFaults({ trickleBytesPerSecond: 0 });
    expect((await setup.syncer.sync()).outcome).toBe('ok');
  });
});
