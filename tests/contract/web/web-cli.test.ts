/**
 * `npm run web` as a process: one JSON line once listening, clean stops on SIGTERM, and one clear sentence
 * (exit 1, no stack trace) when it cannot start.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PROJECT = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'web-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const child = spawn(process.execPath, ['bin/reseller-desk-web.js', ...args], { cwd: PROJECT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('npm run web', () => {
  it('prints exactly one JSON line with the page and the sandbox, and stops cleanly on SIGTERM', async () => {
    const web = run(['--sandbox', '--port', '0', '--json', '--data-dir', join(dir, 'ok')]);
    await expect.poll(() => web.out().includes('\n'), { timeout: 120_000, interval: 200 }).toBe(true);
    const lines = web.out().trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { url: string; sandbox: Record<string, string> };
    expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43,}$/);
    expect(Object.keys(line.sandbox).sort()).toEqual(['altBaseUrl', 'baseUrl', 'clientId', 'clientSecret', 'controlUrl', 'password', 'username']);
    const page = await fetch(line.url);
    expect(page.status).toBe(200);
    web.child.kill('SIGTERM');
    expect(await web.exited).toBe(0);
  }, 150_000);

  it('says in one sentence that the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as { port: number }).port;
    const web = run(['--port', String(port), '--data-dir', join(dir, 'taken')]);
    expect(await web.exited).toBe(1);
    blocker.close();
    // Its last line (a first start may say before it that it builds the renderer).
    expect(web.err().trim().split('\n').at(-1)).toBe(`reseller-desk web: port ${port} is taken: choose another with --port, or --port 0 for a free one.`);
  }, 150_000);

  it('says in one sentence that the data folder cannot be written', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const web = run(['--port', '0', '--data-dir', file]);
    expect(await web.exited).toBe(1);
    expect(web.err()).toMatch(/^reseller-desk web: the data folder .*a-file cannot be written \(EEXIST\): choose another with --data-dir\.\n$/);
  }, 60_000);

  it('refuses bad usage with exit code 2', async () => {
    const web = run(['--preset', 'giant', '--sandbox']);
    expect(await web.exited).toBe(2);
    expect(web.err()).toContain('--preset must be demo, large, huge, not "giant".');
  });
});
