/**
 * The demo account's provider for one command. `reseller-desk sandbox` starts it and leaves a note in the data
 * folder (demo-provider.json) while it runs; a command that talks to the provider uses that one, or starts a
 * private one for itself when none runs; a command that only reads the mirror starts nothing.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoProvider } from '../core/desk.js';
import { startDemoProvider, type DemoPorts, type DemoPreset } from '../demo-provider.js';

type ProviderAddress = Omit<DemoProvider, 'stop'>;

interface RunningNote extends ProviderAddress {
  pid: number;
}

const NOTE = 'demo-provider.json';

/** What `npm run sandbox` serves by default, for a command that needs no provider while none runs. */
const DEFAULT_ADDRESS: ProviderAddress = {
  baseUrl: 'http://127.0.0.1:8780',
  altBaseUrl: 'http://127.0.0.1:8781',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  username: 'demo@reseller.example',
  password: 'demo-password',
};

export type DemoUse = { kind: 'read-only' } | { kind: 'talk' } | { kind: 'serve'; preset: DemoPreset; ports: DemoPorts };

/** Hands Desk the demo provider a command needs; `started` is the one it started, if any. */
export class CliDemoProvider {
  started: DemoProvider | null = null;

  constructor(private readonly use: DemoUse) {}

  readonly start = async (dataDir: string): Promise<DemoProvider> => {
    this.started = await this.provide(dataDir);
    return this.started;
  };

  private async provide(dataDir: string): Promise<DemoProvider> {
    const { use } = this;
    const running = runningProvider(dataDir);
    if (use.kind === 'read-only') return { ...(running ?? DEFAULT_ADDRESS), stop: async () => undefined };
    if (use.kind === 'talk') return running ? { ...running, stop: async () => undefined } : startDemoProvider(dataDir);
    if (running) throw new Error(`a demo provider already runs for this data folder (process ${running.pid}, ${running.baseUrl})`);
    const provider = await startDemoProvider(dataDir, use.preset, use.ports);
    const note = join(dataDir, NOTE);
    const { baseUrl, altBaseUrl, clientId, clientSecret, username, password } = provider;
    const mine: RunningNote = { baseUrl, altBaseUrl, clientId, clientSecret, username, password, pid: process.pid };
    writeFileSync(note, JSON.stringify(mine), { mode: 0o600 });
    return {
      ...provider,
      stop: async () => {
        rmSync(note, { force: true });
        await provider.stop();
      },
    };
  }
}

/** The provider `reseller-desk sandbox` runs for this data folder, if its process is alive. */
function runningProvider(dataDir: string): RunningNote | null {
  let note: RunningNote;
  try {
    note = JSON.parse(readFileSync(join(dataDir, NOTE), 'utf8')) as RunningNote;
  } catch {
    return null;
  }
  try {
    process.kill(note.pid, 0);
    return note;
  } catch {
    return null;
  }
}
