/**
 * The one redaction. A URL's user name and password (`https://admin:hunter2@host`) are never shown: every error,
 * log line and message that may hold an address passes through redactUrls. A line written to the log file or a
 * diagnostics bundle passes through redactSecrets too: it also drops what follows a secret's name (a bearer
 * token, `password=…`, `"client_secret": "…"`, an EPP code, a root password).
 */

/** `scheme://user:pass@` → `scheme://`, wherever it appears in a text (an address given alone, or quoted in a message). */
export function redactUrls(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1');
}

/** The names under which a secret's value may appear in a line: OAuth's, the provider's form fields, the vault's. */
const SECRET_NAMES = [
  'access_token', 'refresh_token', 'accessToken', 'refreshToken', 'client_secret', 'clientSecret', 'client-secret',
  'password', 'password2', 'new_password', 'rootpw', 'root_password', 'rootPassword', 'eppcode', 'epp_code', 'eppCode',
  'authorization', 'proxyPassword', 'proxy-password', 'proxy_password',
];
const NAMED_SECRET = new RegExp(
  `(["']?\\b(?:${SECRET_NAMES.join('|')})\\b["']?\\s*[:=]\\s*)(?:\\[redacted\\]|"(?:[^"\\\\]|\\\\.)*"|'[^']*'|[^\\s&,;}\\])]+)`,
  'gi',
);
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/** redactUrls, and every value that follows a secret's name or a Bearer / Basic scheme, as `[redacted]`. */
export function redactSecrets(text: string): string {
  return redactUrls(text).replace(BEARER, '$1 [redacted]').replace(NAMED_SECRET, '$1[redacted]');
}
