/** A ResellerClient for the sandbox's demo account, its secrets in a memory vault, over a given axios instance. */
import type { AxiosInstance } from 'axios';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, ResellerClient } from '../../electron/core/api/index.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';
import type { SandboxInfo } from './jobs.js';

const ACCOUNT = 'bench';

export async function sandboxClient(sandbox: SandboxInfo, http: AxiosInstance): Promise<ResellerClient> {
  const vault = new MemoryVault('bench');
  await vault.set(ACCOUNT, CLIENT_SECRET_SECRET, sandbox.clientSecret);
  await vault.set(ACCOUNT, PASSWORD_SECRET, sandbox.password);
  const config = {
    account: ACCOUNT,
    baseUrl: sandbox.baseUrl,
    altBaseUrl: sandbox.altBaseUrl,
    clientId: sandbox.clientId,
    username: sandbox.username,
  };
  return new ResellerClient(config, vault, { http });
}
