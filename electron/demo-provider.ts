/**
 * The demo account's provider for the hosts (desktop app, web host, CLI): the bundled sandbox on free loopback
 * ports, its state kept in the data folder. The engine never imports the sandbox; the hosts hand it this.
 */
import { join } from 'node:path';
import type { DemoProvider } from './core/desk.js';

export async function startDemoProvider(dataDir: string): Promise<DemoProvider> {
  // Loaded on first use: most launches open a real account and never need the sandbox's server.
  const { startSandbox } = await import('../sandbox/index.js');
  return startSandbox({ port: 0, altPort: 0, controlPort: 0, db: join(dataDir, 'demo-provider.db') });
}
