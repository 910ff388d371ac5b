/**
 * Comparing the provider's date-times with the outbox's clock. The provider writes local time without a
 * zone (`YYYY-mm-dd HH:MM:SS`); `serverUtcOffsetMinutes` says which zone that is, `clockSkewMs` how far the
 * two clocks may disagree.
 */
import type { IsoDateTime } from '../../../shared/models.js';

export interface ServerTimeOptions {
  clockSkewMs: number;
  serverUtcOffsetMinutes: number;
}

/**
 * A record that matches a lost create but is dated up to this long before the send is not taken as proof of
 * anything; it stops a blind resend, because a wrongly configured zone could be hiding the record we sent.
 */
export const ZONE_MARGIN_MS = 14 * 3600_000;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Epoch milliseconds of a provider date-time; null when unset or unreadable. */
export function serverTimeMs(value: IsoDateTime | null, options: ServerTimeOptions): number | null {
  const match = value === null ? null : DATE_TIME.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s) - options.serverUtcOffsetMinutes * 60_000;
}
