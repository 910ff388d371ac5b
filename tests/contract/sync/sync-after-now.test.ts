/**
 * A sync asked for once an edit is confirmed starts after the confirmation: a sync already running may have read
 * the list before the provider had the new record, and joining it would leave the mirror without it until the
 * next periodic sync (a ticket opened here was "not found" under its own id meanwhile). The same for the person's
 * Sync Now (from the tray or the palette) asked during an automatic run; Cancel stops the queued run too.
 */
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/models.js';
import type { SyncSummary } from '../../../shared/sync.js';
import type { Syncer } from '../../../electron/core/sync/syncer.js';
import { call, token } from '../sandbox/http.js';
import { allRows, sandboxSyncPerTest } from './harness.js';

const sandboxSync = sandboxSyncPerTest();

/** Resolves once the syncer's run has read every ticket (pages slowed, so the run is still busy after). */
function ticketsReadBy(syncer: Syncer): Promise<void> {
  return new Promise<void>((resolve) => {
    syncer.on('sync.progress', (p) => {
      if (p.resource === 'tickets' && p.total !== null && p.done >= p.total) resolve();
    });
  });
}

describe('a sync after now', () => {
  it('runs again behind a sync that read the tickets before a ticket was opened; joining it would miss the ticket', async () => {
    const { sb, setup } = await sandboxSync();
    const { syncer, mirror } = setup;
    expect((await syncer.sync()).outcome).toBe('ok');
    const accessToken = await token(sb);
    // Slow pages: the running sync is still busy with other resources when the ticket is opened.
    sb.setFaults({ latencyMs: 60 });
    const ticketsRead = ticketsReadBy(syncer);
    const summaries: SyncSummary[] = [];
    syncer.on('sync.summary', (summary) => summaries.push(summary));
    const running = syncer.sync();
    await ticketsRead;
    expect(syncer.running).toBe(true);
    const opened = await call(sb, accessToken, 'open-ticket', { clientid: sb.accounts[0]!.userid, deptid: 2, subject: 'Opened while a sync ran', message: 'Hello' });
    expect(opened.json, opened.text).toMatchObject({ result: 'success' });
    const id = Number((opened.json as { id: string }).id);

    // Asked twice meanwhile: one run queued behind the running one, for both.
    const queued = Promise.all([syncer.syncAfterNow(), syncer.syncAfterNow()]);
    const ran = await running;
    // The running sync had read the tickets already: joining it would have left the mirror without the new one.
    expect(allRows(mirror, 'tickets').map((t: Ticket) => t.id)).not.toContain(id);
    const [after, again] = await queued;
    expect(after).not.toBe(ran);
    expect(again).toBe(after);
    expect(summaries).toHaveLength(2);
    expect(after.outcome).toBe('ok');
    expect(allRows(mirror, 'tickets').map((t: Ticket) => t.id)).toContain(id);
  });

  it('runs now when no sync runs, and starts nothing once the syncer is disposed', async () => {
    const { setup } = await sandboxSync();
    const { syncer } = setup;
    const first = await syncer.syncAfterNow();
    expect(first.outcome).toBe('ok');
    const running = syncer.sync();
    const queued = syncer.syncAfterNow();
    await syncer.dispose();
    // The queued run did not start: it answers with the (cancelled) running one's summary.
    expect(await queued).toBe(await running);
    expect(syncer.running).toBe(false);
  });

  it('the person’s sync asked during an automatic run is a run of theirs after it; asked during their own, joins it', async () => {
    const { sb, setup } = await sandboxSync();
    const { syncer, mirror } = setup;
    expect((await syncer.sync()).outcome).toBe('ok');
    const accessToken = await token(sb);
    sb.setFaults({ latencyMs: 60 });
    const ticketsRead = ticketsReadBy(syncer);
    const automatic = syncer.sync({ trigger: 'interval' });
    await ticketsRead;
    const opened = await call(sb, accessToken, 'open-ticket', { clientid: sb.accounts[0]!.userid, deptid: 2, subject: 'Opened on the panel', message: 'Hello' });
    const id = Number((opened.json as { id: string }).id);

    const asked = syncer.syncOnDemand();
    expect(await automatic).not.toBe(await asked);
    const theirs = await asked;
    expect(theirs.trigger).toBe('demand');
    expect(allRows(mirror, 'tickets').map((t: Ticket) => t.id)).toContain(id);

    // Their own run asked for again: the same run, not another.
    const own = syncer.syncOnDemand();
    expect(syncer.syncOnDemand()).toBe(own);
    await own;
  });

  it('Cancel stops the running sync and the one queued behind it', async () => {
    const { sb, setup } = await sandboxSync();
    const { syncer } = setup;
    sb.setFaults({ latencyMs: 60 });
    const summaries: SyncSummary[] = [];
    syncer.on('sync.summary', (summary) => summaries.push(summary));
    const automatic = syncer.sync({ trigger: 'interval' });
    const asked = syncer.syncOnDemand();
    syncer.cancel();
    const ran = await automatic;
    expect(ran.outcome).toBe('cancelled');
    expect(await asked).toBe(ran);
    expect(syncer.running).toBe(false);
    expect(summaries).toHaveLength(1);
  });
});
