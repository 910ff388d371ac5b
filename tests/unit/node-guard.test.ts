/**
 * The Node.js version guard (bin/require-node.js): under a Node older than package.json's engines allow, the
 * entry points say in one sentence what is needed instead of crashing (better-sqlite3 segfaults under Node 20).
 * The older Node is the machine's own (/usr/bin/node is Node 20 here); without one the older-Node cases are skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const engines: string = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).engines.node;

function olderNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node', '/bin/node']) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      const [major, minor] = version.slice(1).split('.').map(Number);
      if (major! < 22 || (major === 22 && minor! < 18)) return candidate;
    } catch {
      // not installed there
    }
  }
  return null;
}
const older = olderNode();

const run = (node: string, script: string, args: string[] = []) =>
  spawnSync(node, [script, ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });

describe('Node.js version guard', () => {
  it('package.json asks for the Node that vue-router 5 needs', () => {
    expect(engines).toBe('^22.18.0 || >=24.11.0');
  });

  it('lets this Node (inside the range) through silently', () => {
    const result = run(process.execPath, 'bin/require-node.js');
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
  });

  describe.skipIf(older === null)(`under an older Node (${older ?? 'none found on this machine'})`, () => {
    const expectOneSentence = (stderr: string) => {
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Reseller Desk needs Node\.js 22\.18 or newer .* this is v\d+\.\d+\.\d+: install .*https:\/\/nodejs\.org/);
    };

    it('the guard exits 1 with one sentence: what is needed and how to get it', () => {
      const result = run(older!, 'bin/require-node.js');
      expect(result.status).toBe(1);
      expectOneSentence(result.stderr);
    });

    it('the reseller-desk command says the same, with no stack trace', () => {
      const result = run(older!, 'bin/reseller-desk.js', ['status']);
      expect(result.status).toBe(1);
      expectOneSentence(result.stderr);
      expect(result.stdout).toBe('');
    });

    it('npm run sandbox says the same instead of crashing in better-sqlite3', () => {
      // npm runs a script with the first `node` on PATH: put the older one first.
      const result = spawnSync('npm', ['run', '--silent', 'sandbox'], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
        env: { ...process.env, PATH: `${dirname(older!)}:${process.env.PATH}` },
      });
      expect(result.status).toBe(1);
      expectOneSentence(result.stderr.split('\n').filter((line) => !line.startsWith('npm ')).join('\n'));
    }, 60_000);
  });
});
