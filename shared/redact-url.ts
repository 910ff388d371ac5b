/**
 * A URL's user name and password (`https://admin:hunter2@host`) are never shown: every error, log line and
 * message that may hold an address passes through redactUrls.
 */

/** `scheme://user:pass@` → `scheme://`, wherever it appears in a text (an address given alone, or quoted in a message). */
export function redactUrls(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi, '$1');
}
