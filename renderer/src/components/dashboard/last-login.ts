/**
 * The provider's last login is one HTML line of parts labelled in English: "Date: 26/11/2026 14:15<br>IP Address:
 * 192.0.2.127<br>Host: client-1.isp.example". Read here as facts for the screen to word: the labels the upstream
 * billing system writes are known, a part with no value is left out (its example reply has "IP Address:<br>Host:"),
 * and a part the app does not know is kept as written. The date stays as the provider wrote it: its day/month
 * order is the provider's setting, which a reply does not say.
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
