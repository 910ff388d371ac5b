/**
 * How the renderer's bundle is split, for both of its builds (electron-vite's and the web host's own): zod and
 * renderer/src/zod-jitless.ts in one chunk, so that the page's no-eval setting is made as soon as zod is
 * evaluated, before any chunk that builds a schema (zod reads it when a schema is made; a schema built first
 * probes for eval, and the CSP reports the probe even though it is caught).
 */
export function rendererChunk(id: string): string | undefined {
  const path = id.split('\\').join('/');
  if (path.includes('/node_modules/zod/') || path.endsWith('/renderer/src/zod-jitless.ts')) return 'zod';
  return undefined;
}
