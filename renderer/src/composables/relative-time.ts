/**
 * "3 minutes ago" that keeps itself true: a clock ref that ticks every 20 seconds while a component uses it, and
 * Intl.RelativeTimeFormat in the chosen language.
 */
import { computed, onScopeDispose, ref } from 'vue';
import { useI18n } from 'vue-i18n';

const TICK_MS = 20_000;
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

export function useRelativeTime() {
  const { locale } = useI18n();
  const now = ref(Date.now());
  const timer = setInterval(() => (now.value = Date.now()), TICK_MS);
  onScopeDispose(() => clearInterval(timer));
  const relative = computed(() => new Intl.RelativeTimeFormat(locale.value, { numeric: 'auto' }));
  const absolute = computed(() => new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium', timeStyle: 'short' }));

  /** An ISO 8601 time relative to now ("2 hours ago"); under a minute is "now". */
  function ago(iso: string): string {
    const seconds = Math.round((Date.parse(iso) - now.value) / 1000);
    for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.value.format(Math.trunc(seconds / size), unit);
    return relative.value.format(0, 'second');
  }

  /** The same time as a date and time, for a title or a table. */
  const dateTime = (iso: string | number): string => absolute.value.format(new Date(iso));

  return { ago, dateTime };
}
