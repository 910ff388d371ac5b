/** Types of node-entry.js, for the TypeScript that imports it (vitest.config.ts). */
export function bundleIsCurrent(bundle: string): boolean;
export function importEntry(name: string, source: string): Promise<unknown>;
