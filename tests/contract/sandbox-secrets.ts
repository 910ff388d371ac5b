/** The secrets of a sandbox account that a scan looks for: its client secret and password, and every access and refresh token the sandbox issued. */
import type { RunningSandbox } from '../../sandbox/options.js';

export function sandboxSecrets(sb: RunningSandbox): Record<string, string> {
  const tokens = sb.db.prepare('SELECT access_token, refresh_token FROM tokens').all() as { access_token: string; refresh_token: string }[];
  if (tokens.length === 0) throw new Error('the sandbox issued no token: nothing signed in');
  return {
    'the client secret': sb.clientSecret,
    'the password': sb.password,
    ...Object.fromEntries(tokens.flatMap((t, i) => [[`access token ${i}`, t.access_token], [`refresh token ${i}`, t.refresh_token]])),
  };
}
