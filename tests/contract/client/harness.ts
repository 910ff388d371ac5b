/**
 * Shared set-up of the client contract tests: a sandbox on free ports and a ResellerClient signed in to its
 * demo account, with a counter of every HTTP request the client makes (by operation path).
 */
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox, SandboxOptions } from '../../../sandbox/options.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient, type ClientOptions } from '../../../electron/core/api/client.js';
import { createHttp } from '../../../electron/core/api/http.js';
import { MemoryVault } from '../../../electron/core/vault/memory-vault.js';

export const ACCOUNT = 'demo';

export function start(options: Partial<Omit<SandboxOptions, 'faults'>> = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, altPort: 0, controlPort: 0, today: '2026-11-22', strict: true, ...options });
}

/** Requests sent, keyed by the last path segment ('token' for the token endpoint). */
export class RequestCounter {
  readonly counts = new Map<string, number>();
  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }
  reset(): void {
    this.counts.clear();
  }
}

export interface Connected {
  client: ResellerClient;
  vault: MemoryVault;
  requests: RequestCounter;
}

/** A client for the sandbox's first account; `password` overrides the stored one (e.g. a wrong one). */
export async function connect(
  sb: RunningSandbox,
  options: ClientOptions & { password?: string; signIn?: boolean; learnOwnId?: boolean } = {},
): Promise<Connected> {
  const vault = new MemoryVault('contract test');
  await vault.set(ACCOUNT, CLIENT_SECRET_SECRET, sb.clientSecret);
  await vault.set(ACCOUNT, PASSWORD_SECRET, options.password ?? sb.password);
  const http = createHttp(options);
  const requests = new RequestCounter();
  http.interceptors.request.use((config) => {
    const name = new URL(config.url!).pathname.split('/').pop()!;
    requests.counts.set(name, requests.count(name) + 1);
    return config;
  });
  const client = new ResellerClient(
    {
      account: ACCOUNT,
      baseUrl: sb.baseUrl,
      altBaseUrl: sb.altBaseUrl,
      service: sb.options.service,
      clientId: sb.clientId,
      username: sb.username,
      // As an account session knows it from its mirror; `learnOwnId` leaves it to be learned.
      ownClientId: options.learnOwnId ? null : sb.accounts[0]!.userid,
    },
    vault,
    { retry: { baseDelayMs: 10, maxDelayMs: 100 }, ...options, http },
  );
  if (options.signIn !== false) await client.signIn();
  return { client, vault, requests };
}
