/**
 * The demo account's provider for the hosts (desktop app, web host, CLI): the bundled sandbox on free loopback
 * ports, its state kept in the data folder. The engine never imports the sandbox; the hosts hand it this.
 */
import { join } from 'node:path';
import type { DemoProvider } from './core/desk/index.js';

export const DEMO_PRESETS = ['demo', 'large', 'huge'] as const;
export type DemoPreset = (typeof DEMO_PRESETS)[number];

export function isDemoPreset(value: string): value is DemoPreset {
  return (DEMO_PRESETS as readonly string[]).includes(value);
}

/** The demo provider with its control endpoint (fault injection), for hosts that hand it to tests. */
export interface RunningDemoProvider extends DemoProvider {
  controlUrl: string;
}

/** Ports for the base and alt base URLs; 0 (the default) picks free ones. */
export interface DemoPorts {
  port?: number;
  altPort?: number;
}

export async function startDemoProvider(dataDir: string, preset: DemoPreset = 'demo', ports: DemoPorts = {}): Promise<RunningDemoProvider> {
  // Loaded on first use: most launches open a real account and never need the sandbox's server.
  const { startSandbox } = await import('../sandbox/index.js');
  // Each preset keeps its own provider state: a demo state is never reused as a large one.
  const db = join(dataDir, preset === 'demo' ? 'demo-provider.db' : `demo-provider-${preset}.db`);
  return startSandbox({ port: ports.port ?? 0, altPort: ports.altPort ?? 0, controlPort: 0, preset, db });
}
