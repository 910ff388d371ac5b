export { ConnectivityMonitor, type SessionStateSource } from './connectivity.js';
export { EXPIRY_WARNING_DAYS } from './notable.js';
export type { SyncClient } from './pullers.js';
export { DEFAULT_PROBES, SyncScheduler, type ProbeSchedule, type SyncSchedulerOptions } from './scheduler.js';
export type {
  Connectivity,
  ConnectivityChange,
  ResourceOutcome,
  ResourceSyncResult,
  SyncError,
  SyncOutcome,
  SyncProgress,
  SyncSummary,
  SyncTrigger,
} from '../../../shared/sync.js';
export { Syncer, type SyncEvents, type SyncRequest, type SyncerOptions } from './syncer.js';
