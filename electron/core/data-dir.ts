import { homedir } from 'node:os';
import { join } from 'node:path';

/** The folder Electron calls userData for "Reseller Desk", computed without Electron (the CLI shares it). */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const app = 'Reseller Desk';
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), app);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', app);
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), app);
}

/** Each account's databases live in their own folder: mirror.db (server truth) and outbox.db (queued edits). */
export function accountPaths(dataDir: string, accountName: string) {
  const dir = join(dataDir, 'accounts', encodeURIComponent(accountName));
  return { dir, mirror: join(dir, 'mirror.db'), outbox: join(dir, 'outbox.db') };
}
