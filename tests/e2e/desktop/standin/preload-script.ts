/**
 * The init script that runs a window's preload in its page: page-runtime.js with the preload file's own
 * source inserted, wrapped as Electron wraps a sandboxed preload, with the names of the page's two private
 * lines to the main process.
 */
import { readFileSync } from 'node:fs';

const RUNTIME = readFileSync(new URL('./page-runtime.js', import.meta.url), 'utf8');

export function preloadScript(preloadPath: string, binding: string, deliver: string): string {
  const config = { binding, deliver, preloadPath, platform: process.platform, arch: process.arch, versions: { ...process.versions, electron: 'stand-in', chrome: 'stand-in' } };
  // The preload's source is not a replacement pattern: inserted by functions, never with `$&` read into it.
  return RUNTIME.replace('__PRELOAD_SOURCE__', () => readFileSync(preloadPath, 'utf8')).replace('__CONFIG__', () => JSON.stringify(config));
}
