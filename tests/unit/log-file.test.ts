/** The log file (electron/core/log/log-file.ts): redacted lines, the settings' level, size-capped rotation, the tail. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogFile } from '../../electron/core/log/log-file.js';
import { redactSecrets } from '../../shared/redact-url.js';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'log-file-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the one redaction, for log lines', () => {
  it('drops what follows a secret name or an auth scheme, and URL credentials, and nothing else; twice is once', () => {
    const cases: Array<[string, string]> = [
      ['Authorization: Bearer abc.def-123', 'Authorization: [redacted] [redacted]'],
      ['POST password=hunter2&clientid=7', 'POST password=[redacted]&clientid=7'],
      ['{"client_secret":"s3 cr\\"et","a":1}', '{"client_secret":[redacted],"a":1}'],
      ["rootpw: 'R00t!' eppcode=XYZ-1", 'rootpw: [redacted] eppcode=[redacted]'],
      ['refresh_token=rt-1; next', 'refresh_token=[redacted]; next'],
      ['via http://user:pw@proxy:3128', 'via http://proxy:3128'],
      ['token: the proxy refused; the password was refused', 'token: the proxy refused; the password was refused'],
    ];
    for (const [line, redacted] of cases) {
      expect(redactSecrets(line), line).toBe(redacted);
      expect(redactSecrets(redacted), redacted).toBe(redacted);
    }
  });
});

describe('the log file', () => {
  it('keeps the lines of its level and those before it, redacted, a line of more indented under its first', () => {
    const log = new LogFile(dataDir());
    log.setLevel('warn');
    log.write('debug', 'not kept');
    log.write('info', 'not kept either');
    log.write('warn', 'sign-in refused for password=hunter2\nsecond line');
    log.write('error', 'the engine failed');
    const text = readFileSync(log.file, 'utf8');
    expect(text).not.toContain('kept');
    expect(text).not.toContain('hunter2');
    expect(log.tail(10).map((line) => line.replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z /, ''))).toEqual([
      'WARN  sign-in refused for password=[redacted]',
      '    second line',
      'ERROR the engine failed',
    ]);
  });

  it('rotates past its cap, keeping as many files as it is allowed, and tails across them', () => {
    const dir = dataDir();
    const log = new LogFile(dir, { maxBytes: 200, keep: 3 });
    for (let n = 1; n <= 20; n++) log.write('info', `line ${n} ${'x'.repeat(40)}`);
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(['reseller-desk.log', 'reseller-desk.log.1', 'reseller-desk.log.2']);
    for (const name of readdirSync(join(dir, 'logs'))) expect(readFileSync(join(dir, 'logs', name)).byteLength).toBeLessThanOrEqual(200);
    const tail = log.tail(4).map((line) => /line (\d+)/.exec(line)![1]);
    expect(tail).toEqual(['17', '18', '19', '20']);
  });
});
