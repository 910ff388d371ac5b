/**
 * The sandbox provider: a faithful implementation of the provider API (api-spec.md) on three loopback
 * listeners: the base URL, the alt base URL and a control endpoint for fault injection.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_OPTIONS, NO_FAULTS, type FaultConfig, type RunningSandbox, type SandboxOptions } from './options.js';
import { createApiServer } from './server/app.js';
import { SandboxClock } from './server/clock.js';
import { createControlServer } from './server/control.js';
import { FaultInjector } from './server/faults.js';
import { OPERATIONS } from './server/ops/index.js';
import { applySettings, currentSettings, parseFaultsPatch, parseSettingsPatch } from './server/settings.js';
import type { SandboxState } from './server/state.js';
import { openStore } from './store/index.js';

export * from './options.js';

/** The control endpoint never leaves the machine, whatever host the API listens on. */
const CONTROL_HOST = '127.0.0.1';

/** Options for startSandbox: any of SandboxOptions; `faults` may be partial too (merged over NO_FAULTS). */
export type SandboxOverrides = Partial<Omit<SandboxOptions, 'faults'>> & { faults?: Partial<FaultConfig> };

export async function startSandbox(overrides: SandboxOverrides = {}): Promise<RunningSandbox> {
  const options: SandboxOptions = {
    ...DEFAULT_OPTIONS,
    ...overrides,
    size: { ...overrides.size },
    faults: { ...NO_FAULTS, ...overrides.faults },
  };
  const { accessTokenTtlSeconds, refreshTokenTtlSeconds, faults } = options;
  // Throws a SettingsError naming the bad value.
  parseSettingsPatch({ ...faults, accessTokenTtlSeconds, refreshTokenTtlSeconds });

  const { db, accounts } = openStore(options);
  const state: SandboxState = {
    db,
    options,
    faults: new FaultInjector(options.faults, options.seed),
    operations: OPERATIONS,
    clock: new SandboxClock(options.clock),
  };
  const servers: FastifyInstance[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.close()));
    if (db.open) db.close();
  };
  try {
    const base = await createApiServer(state, 'base');
    servers.push(base);
    const alt = await createApiServer(state, 'alt');
    servers.push(alt);
    const control = createControlServer(state, currentSettings(state));
    servers.push(control);

    const scheme = options.tls ? 'https' : 'http';
    const baseUrl = await listen(base, options.host, options.port, scheme);
    const altBaseUrl = await listen(alt, options.host, options.altPort, scheme);
    const controlUrl = await listen(control, CONTROL_HOST, options.controlPort, 'http');

    const demo = accounts[0];
    if (!demo) throw new Error('the sandbox state has no client account');
    return {
      baseUrl,
      altBaseUrl,
      controlUrl,
      clientId: demo.clientId,
      clientSecret: demo.clientSecret,
      username: demo.username,
      password: demo.password,
      accounts,
      options,
      db,
      setFaults(patch: Partial<FaultConfig>) {
        applySettings(state, parseFaultsPatch(patch));
      },
      requestCounts: () => Object.fromEntries(state.faults.counts),
      resetRequestCounts: () => state.faults.counts.clear(),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** Starts listening and returns the base URL with the real bound port (no trailing slash). */
async function listen(server: FastifyInstance, host: string, port: number, scheme: 'http' | 'https'): Promise<string> {
  await server.listen({ host, port });
  const bound = (server.server.address() as AddressInfo).port;
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${bound}`;
}
