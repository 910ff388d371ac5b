/** The demo account: `reseller-desk sandbox` serves it to other commands; commands that only read start nothing. */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { cli, newDataDir, spawnCli, waitForStderr } from './harness.js';

vi.setConfig({ testTimeout: 180_000 });

const dataDir = newDataDir();
const demoUrl = async () => (JSON.parse((await cli(dataDir, ['account', 'list', '--json'])).stdout) as { name: string; baseUrl: string }[]).find((a) => a.name === 'Demo')?.baseUrl;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo account', () => {
  it('is served by `reseller-desk sandbox` to the commands run beside it, and keeps its address', async () => {
    const sandbox = spawnCli(dataDir, ['sandbox', '--port', '0', '--alt-port', '0']);
    const [, baseUrl] = await waitForStderr(sandbox, /demo provider running: (http:\/\/127\.0\.0\.1:\d+)/);
    await waitForStderr(sandbox, /press Ctrl-C/);
    expect(sandbox.stderr()).toMatch(/client id \S+, client secret \S+, username \S+, password \S+/);
    expect(sandbox.stderr()).toContain(`npx reseller-desk sync --account Demo --data-dir ${JSON.stringify(dataDir)}`);

    const sync = await cli(dataDir, ['sync', '--account', 'Demo', '--json']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(await demoUrl()).toBe(baseUrl);

    sandbox.child.kill('SIGINT');
    expect((await sandbox.exit).code).toBe(0);
    // Reading the mirror needs no provider: none is started, the address stays.
    expect((await cli(dataDir, ['status', '--account', 'Demo'])).code).toBe(0);
    expect(await demoUrl()).toBe(baseUrl);
    // Talking to it with none running starts one for the command.
    const alone = await cli(dataDir, ['sync', '--account', 'Demo', '--only', 'client']);
    expect(alone.code, alone.stderr).toBe(0);
  });

  it('refuses a preset or port it does not know', async () => {
    const preset = await cli(dataDir, ['sandbox', '--preset', 'enormous']);
    expect(preset.code).toBe(2);
    expect(preset.stderr).toMatch(/--preset must be demo, large, huge \(got "enormous"\)/);
    expect((await cli(dataDir, ['sandbox', '--port', '70000'])).code).toBe(2);
  });
});
