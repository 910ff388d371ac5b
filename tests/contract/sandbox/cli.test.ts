/** `npm run sandbox`: the CLI as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function runCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['bin/sandbox.js', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the CLI to its end. */
async function runToEnd(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = runCli(args);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('sandbox CLI', () => {
  it('prints one JSON line with --json, serves tokens, and stops on SIGTERM', async () => {
    const child = runCli(['--json', '--port', '0', '--alt-port', '0', '--control-port', '0', '--access-ttl', '60']);
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    const exited = once(child, 'exit');
    try {
      const firstLine = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => {
          stdout += chunk;
          if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
      });
      const info = JSON.parse(firstLine) as Record<string, string>;
      expect(Object.keys(info).sort()).toEqual(
        ['altBaseUrl', 'baseUrl', 'clientId', 'clientSecret', 'controlUrl', 'password', 'username'].sort(),
      );
      for (const url of [info.baseUrl, info.altBaseUrl, info.controlUrl]) {
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      }

      const res = await fetch(`${info.baseUrl}/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: info.clientId!,
          client_secret: info.clientSecret!,
          username: info.username!,
          password: info.password!,
        }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
      expect(await (await fetch(`${info.controlUrl}/health`)).json()).toEqual({ status: 'ok' });
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(stdout.split('\n')).toEqual([expect.any(String), '']);
  });

  it('documents the flags, endpoints and demo credentials with --help', async () => {
    const { code, stdout } = await runToEnd(['--help']);
    expect(code).toBe(0);
    for (const text of ['--preset', '--size', '--fail-429', '--json', '/oauth/revoke', '/faults/reset', '/tokens/expire', '/clock/advance', 'demo-client', 'demo-password']) {
      expect(stdout).toContain(text);
    }
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'abc'], /--port must be a number/],
    [['--fail-500', '2'], /--fail-500 must be a share/],
    [['--preset', 'giant'], /--preset must be one of demo, large, huge/],
    [['--size', 'widgets=5'], /--size must be RESOURCE=N/],
    [['--today', '2026-02-30'], /--today must be a date/],
    [['--service', 'a/b'], /--service must be one path segment/],
  ])('refuses %j with exit code 2 and a message', async (args, message) => {
    const { code, stdout, stderr } = await runToEnd(args);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
  });
});
