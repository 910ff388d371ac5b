/**
 * Which system notifications a finished sync deserves: its notable changes of the kinds the settings name, a
 * few at most (a flood would be noise: the rest become one "and N more"). Each opens its record when clicked.
 */
import type { AppCommand } from '../../shared/contract.js';
import type { NotableChange, NotableKind, SyncSummary } from '../../shared/sync.js';
import type { ShellWords } from './shell-words.js';

export interface PlannedNotification {
  title: string;
  body: string;
  /** What a click asks the renderer to show; null: just bring the window forward. */
  open: AppCommand | null;
}

const MAX_NOTIFICATIONS = 3;

/** What a click on a change opens: its record, or for the client's figures the Billing screen. */
const opens = (change: NotableChange): AppCommand =>
  change.resource === 'client' ? { command: 'billing' } : { command: 'open-record', resource: change.resource, id: change.id };

export function syncNotifications(summary: SyncSummary, kinds: readonly NotableKind[], words: ShellWords['notifications']): PlannedNotification[] {
  const changes = summary.notableChanges.filter((change) => kinds.includes(change.kind));
  const shown = changes.length > MAX_NOTIFICATIONS ? changes.slice(0, MAX_NOTIFICATIONS - 1) : changes;
  const planned: PlannedNotification[] = shown.map((change) => ({
    title: words.titles[change.kind],
    body: words.body(change),
    open: opens(change),
  }));
  const rest = changes.length - shown.length;
  if (rest > 0) planned.push({ ...words.more(rest), open: null });
  return planned;
}
