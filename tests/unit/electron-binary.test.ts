/**
 * The pre-step of `npm start` / `npm run dev` (bin/ensure-electron.js): Electron 45 downloads its binary on
 * first use; where that cannot happen, one sentence says what is missing, how to get it and that `npm run web`
 * shows the same app, exit status 1, no stack trace. The download is pointed at a closed local port
 * (ELECTRON_MIRROR) with an empty cache, so the test never fetches 100 MB even on a machine with internet.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const cache = mkdtempSync(join(tmpdir(), 'electron-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

const offline = { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: cache };
const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync(command, args, { cwd: root, encoding: 'utf8', env, timeout: 60_000 });

function expectTheSentence(stderr: string) {
  expect(stderr).toMatch(
    /The Electron binary is missing and could not be downloaded.*: run `npx install-electron` .*or run `npm run web` to open the same app in your browser\.\n$/,
  );
  expect(stderr).not.toMatch(/^\s+at /m);
}

describe('the Electron binary pre-step', () => {
  it('lets electron-vite run when the binary is there', () => {
    const result = run(process.execPath, ['bin/ensure-electron.js'], { ...offline, ELECTRON_EXEC_PATH: process.execPath });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('says in one sentence what is missing when the binary can be neither found nor downloaded', () => {
    const result = run(process.execPath, ['bin/ensure-electron.js'], { ...offline, ELECTRON_EXEC_PATH: join(cache, 'no-electron-here') });
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')[0]).toBe('Fetching the Electron binary (first run only)…');
    expectTheSentence(result.stderr);
  });

  const installed = existsSync(join(root, 'node_modules/electron/path.txt'));
  it.skipIf(installed)('npm start stops at the pre-step on a machine without the binary (skipped where it is installed)', () => {
    const result = run('npm', ['start', '--silent'], offline);
    expect(result.status).toBe(1);
    expectTheSentence(result.stderr);
    expect(result.stderr).not.toContain('Electron uninstall');
  });
});
