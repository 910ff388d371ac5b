// Loads one command-line entry: its bundle in out/node/ (`npm run build:node`) when that is newer than every
// source it is built from, else its TypeScript source through tsx. Plain JavaScript: it runs before tsx.
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['electron', 'shared', 'sandbox'];

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether `bundle` exists and is newer than every source it is built from (vitest.config.ts asks it too). */
export function bundleIsCurrent(bundle) {
  if (!existsSync(bundle)) return false;
  const built = statSync(bundle).mtimeMs;
  return SOURCES.every((dir) => newestMtime(join(ROOT, dir)) <= built);
}

/** The module of entry `name` (out/node/NAME.mjs), or of `source` (a path from the project root) through tsx. */
export async function importEntry(name, source) {
  const bundle = join(ROOT, 'out/node', `${name}.mjs`);
  if (process.env.RESELLER_DESK_FROM_SOURCE !== '1' && bundleIsCurrent(bundle)) {
    // V8's code for the bundle, kept on disk (the system's temporary folder) between runs: compiling it anew
    // was a tenth of a command's start. Called, not imported by name, so that an older Node reaches
    // require-node.js's message rather than failing to link this module.
    module.enableCompileCache?.();
    return import(pathToFileURL(bundle).href);
  }
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(join(ROOT, source)).href);
}
