/**
 * The demo account's provider for one command. A command that talks to the provider uses the one
 * `reseller-desk sandbox` runs for this data folder, or starts its own for the command's length; a command that
 * only reads the mirror starts nothing and keeps the address last used. The last provider started leaves its
 * address and process in the data folder (demo-provider.json).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoProvider } from '../core/desk/index.js';
import { startDemoProvider, type DemoPorts, type DemoPreset } from '../demo-provider.js';

type ProviderAddress = Omit<DemoProvider, 'stop'>;

interface ProviderNote extends ProviderAddress {
  pid: number;
}

const NOTE = 'demo-provider.json';

/** What `npm run sandbox` serves by default, for a command that needs no provider before any was started. */
const DEFAULT_ADDRESS: ProviderAddress = {
  baseUrl: 'http://127.0.0.1:8780',
  altBaseUrl: 'http://127.0.0.1:8781',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  username: 'demo@reseller.example',
  password: 'demo-password',
};

export type DemoUse = { kind: 'read-only' } | { kind: 'talk' } | { kind: 'serve'; preset: DemoPreset; ports: DemoPorts };

/** Hands Desk the demo provider a command needs; `started` is the one it gave, if any. */
export class CliDemoProvider {
  started: DemoProvider | null = null;

  constructor(private readonly use: DemoUse) {}

  readonly start = async (dataDir: string): Promise<DemoProvider> => {
    this.started = await this.provide(dataDir);
    return this.started;
  };

  private async provide(dataDir: string): Promise<DemoProvider> {
    const last = lastNote(dataDir);
    const running = last !== null && isAlive(last.pid) ? last : null;
    const borrowed = (address: ProviderAddress): DemoProvider => ({ ...address, stop: async () => undefined });
    if (this.use.kind === 'read-only') return borrowed(last ?? DEFAULT_ADDRESS);
    if (this.use.kind === 'talk' && running) return borrowed(running);
    if (this.use.kind === 'serve' && running) {
      throw new Error(`a demo provider already runs for this data folder (process ${running.pid}, ${running.baseUrl})`);
    }
    const provider = this.use.kind === 'serve' ? await startDemoProvider(dataDir, this.use.preset, this.use.ports) : await startDemoProvider(dataDir);
    const { baseUrl, altBaseUrl, clientId, clientSecret, username, password } = provider;
    const note: ProviderNote = { baseUrl, altBaseUrl, clientId, clientSecret, username, password, pid: process.pid };
    writeFileSync(join(dataDir, NOTE), JSON.stringify(note), { mode: 0o600 });
    return provider;
  }
}

function lastNote(dataDir: string): ProviderNote | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, NOTE), 'utf8')) as ProviderNote;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
