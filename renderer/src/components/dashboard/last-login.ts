/**
 * The provider's last login is one HTML line of parts labelled in English: "Date: 26/11/2026 14:15<br>IP Address:
 * 192.0.2.127<br>Host: client-1.isp.example". Read here as facts for the screen to word: the labels the upstream
 * billing system writes are known, a part with no value is left out (its example reply has "IP Address:<br>Host:"),
 * and a part the app does not know is kept as written. The date is read by loginMoment, to be shown in the person's
 * locale.
 */
export interface LastLoginPart {
  /** What the part is; null for a part kept as written. */
  label: 'date' | 'ip' | 'host' | null;
  value: string;
}

const LABELS: Record<string, LastLoginPart['label']> = { date: 'date', 'ip address': 'ip', host: 'host' };

export function lastLoginParts(text: string): LastLoginPart[] {
  return text
    .split(/<br\s*\/?>/i)
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((part): LastLoginPart[] => {
      const labelled = /^([^:]+):(.*)$/.exec(part);
      const label = labelled ? LABELS[labelled[1]!.trim().toLowerCase()] : undefined;
      if (!labelled || label === undefined) return [{ label: null, value: part }];
      const value = labelled[2]!.trim();
      return value ? [{ label, value }] : [];
    });
}

/**
 * The login's date and time as a provider date-time ("2026-12-06 14:15:00", the provider's clock) from the formats the
 * upstream system writes: DD/MM/YYYY, DD.MM.YYYY, DD-MM-YYYY, MM/DD/YYYY, YYYY/MM/DD and YYYY-MM-DD, each with
 * an optional HH:MM. The order of day and month is the provider's setting, which a reply does not say: a slashed date
 * either could read ("06/12/2026") is taken as the reading not in the future and nearer to `now`, as a last login is
 * the latest one. Null for text that is no such date.
 */
export function loginMoment(text: string, now: Date): string | null {
  const parts = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(text.trim());
  if (!parts) return null;
  const [a = '', separator = '', b = '', c = ''] = parts.slice(1, 5);
  const time = `${(parts[5] ?? '0').padStart(2, '0')}:${parts[6] ?? '00'}:00`;
  const readings = a.length === 4 ? [[a, b, c]] : c.length === 4 ? dayMonthReadings(a, b, c, separator) : [];
  const moments = readings
    .map(([year, month, day]) => `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')} ${time}`)
    .filter((moment) => isCalendarMoment(moment));
  const soon = now.getTime() + 24 * 3600 * 1000;
  const past = moments.filter((moment) => new Date(moment.replace(' ', 'T')).getTime() <= soon);
  return (past.length ? past : moments).sort().at(-1) ?? null;
}

/** [year, month, day] readings of a date written with its year last: day first, and month first only with slashes. */
function dayMonthReadings(first: string, second: string, year: string, separator: string): string[][] {
  return separator === '/' ? [[year, second, first], [year, first, second]] : [[year, second, first]];
}

function isCalendarMoment(moment: string): boolean {
  const date = new Date(`${moment.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === moment.slice(0, 10) && Number(moment.slice(11, 13)) < 24;
}
