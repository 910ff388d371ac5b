/** The dashboard's notable changes over the last day of sync runs (shared/recent-notable.ts). */
import { describe, expect, it } from 'vitest';
import { recentNotableChanges } from '../../shared/recent-notable.js';
import type { SyncRunRecord } from '../../shared/records.js';
import type { NotableChange } from '../../shared/sync.js';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const change = (id: number, text: string): NotableChange => ({ kind: 'ticket-answered', resource: 'tickets', id, text });
const run = (id: number, finishedAt: string | null, notableChanges: NotableChange[] | null): SyncRunRecord => ({
  id,
  trigger: 'interval',
  startedAt: finishedAt ?? '2026-11-25T11:59:00Z',
  finishedAt,
  outcome: finishedAt ? 'ok' : 'running',
  summary: notableChanges === null ? null : { notable: notableChanges.map((c) => c.text), notableChanges },
});

describe('recentNotableChanges', () => {
  it('gathers the last day of runs, newest first, each record once with its newest change and time', () => {
    const runs = [
      run(5, null, null), // running: no summary yet
      run(4, '2026-11-25T11:45:00Z', []), // the latest run found nothing: earlier changes still show
      run(3, '2026-11-25T09:00:00Z', [change(7, 'ticket #7 answered (again)')]),
      run(2, '2026-11-25T08:00:00Z', [change(7, 'ticket #7 answered'), change(8, 'ticket #8 answered')]),
      run(1, '2026-11-24T11:00:00Z', [change(9, 'ticket #9 answered')]), // older than a day
    ];
    expect(recentNotableChanges(runs, NOW).map((c) => [c.id, c.text, c.at])).toEqual([
      [7, 'ticket #7 answered (again)', '2026-11-25T09:00:00Z'],
      [8, 'ticket #8 answered', '2026-11-25T08:00:00Z'],
    ]);
  });

  it('skips runs that recorded no summary (interrupted)', () => {
    expect(recentNotableChanges([run(1, '2026-11-25T11:00:00Z', null)], NOW)).toEqual([]);
  });
});
