/**
 * `npm run web` serves the built renderer; this builds it when the build is missing or older than its sources.
 * Builds go to a fresh folder swapped in at the end, under a lock, so that hosts started at the same moment
 * (test runs, several terminals) neither build twice nor serve a half-written folder.
 */
import { existsSync, mkdirSync, openSync, closeSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cspMetaTag } from './csp-meta.js';
import { rendererChunk } from './renderer-chunks.js';

const SOURCES = ['renderer', 'shared'];
const LOCK_STALE_MS = 5 * 60_000;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function rendererBuildIsCurrent(projectDir: string, outDir: string): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return SOURCES.every((dir) => newestMtime(join(projectDir, dir)) <= built);
}

/** Builds the renderer into outDir unless it is current. Returns whether it built. */
export async function ensureRendererBuild(projectDir: string, outDir: string, log: (line: string) => void): Promise<boolean> {
  mkdirSync(join(outDir, '..'), { recursive: true });
  const lock = `${outDir}.build-lock`;
  for (;;) {
    if (rendererBuildIsCurrent(projectDir, outDir)) return false;
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true });
      await sleep(250);
    }
  }
  try {
    if (rendererBuildIsCurrent(projectDir, outDir)) return false;
    log('building the renderer (its build is missing or older than its sources)…');
    const staging = `${outDir}.staging-${process.pid}`;
    const [{ build }, { default: vue }] = await Promise.all([import('vite'), import('@vitejs/plugin-vue')]);
    await build({
      configFile: false,
      root: join(projectDir, 'renderer'),
      base: './',
      logLevel: 'warn',
      plugins: [vue(), cspMetaTag()],
      build: { outDir: staging, emptyOutDir: true, rollupOptions: { input: join(projectDir, 'renderer/index.html'), output: { manualChunks: rendererChunk } } },
    });
    rmSync(outDir, { recursive: true, force: true });
    renameSync(staging, outDir);
    return true;
  } finally {
    rmSync(lock, { force: true });
  }
}
