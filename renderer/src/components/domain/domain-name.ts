/** What the app takes for a domain name before asking the engine (which checks the rest). */

// At least one dot, no spaces, no scheme, path or user part.
const DOMAIN = /^[^\s./:@]+(\.[^\s./:@]+)+$/;

/** The name as typed, lower-cased and without a trailing dot, or null when it is not a domain name. */
export function domainName(typed: string): string | null {
  const name = typed.trim().toLowerCase().replace(/\.$/, '');
  return DOMAIN.test(name) ? name : null;
}
