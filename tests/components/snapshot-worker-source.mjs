// The sync's writer thread from its TypeScript sources, for the component tests when no build of it is current
// (vitest.config.ts): tsx's loader registered in the thread itself, then the worker module.
import { register } from 'tsx/esm/api';

register();
await import('../../electron/core/sync/snapshot-worker.ts');
