/**
 * Money, numbers, dates and yes / no for people, with Intl in the chosen language. The provider's zero date
 * and missing values read "—". Money without a currency of its own is in the account's currency.
 */
import { computed } from 'vue';
import { useI18n } from 'vue-i18n';
import type { FormattedMoney } from '../../../shared/money';
import { useClientStore } from '../stores/client';

const ISO_CODE = /^[A-Z]{3}$/;

/** A provider date or date-time ("2026-11-22" or "2026-11-22 10:00:00") as a local Date; null when unset. */
export function parseProviderDate(value: string | null | undefined): Date | null {
  if (!value || value.startsWith('0000')) return null;
  const date = new Date(value.length <= 10 ? `${value}T00:00:00` : value.replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A file size: under a kilobyte, a count of bytes in words with their plural (`bytesInWords`: Intl's short
 * unit reads "26 byte" in English); above, Intl's kB and MB, with one decimal under 10.
 */
export function fileSize(size: number, locale: string, bytesInWords: (n: number) => string): string {
  if (size < 1024) return bytesInWords(size);
  const [unit, amount] = size < 1024 * 1024 ? (['kilobyte', size / 1024] as const) : (['megabyte', size / (1024 * 1024)] as const);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: amount < 10 ? 1 : 0 }).format(amount);
}

function isFormattedMoney(value: unknown): value is FormattedMoney {
  return typeof value === 'object' && value !== null && 'text' in value && 'amount' in value;
}

/** A text made once per key and remembered (lists show the same values many times); forgotten past 5,000 keys. */
function rememberTexts<A extends unknown[]>(keyOf: (...args: A) => string, make: (...args: A) => string): (...args: A) => string {
  const texts = new Map<string, string>();
  return (...args) => {
    const key = keyOf(...args);
    let text = texts.get(key);
    if (text === undefined) {
      text = make(...args);
      if (texts.size > 5000) texts.clear();
      texts.set(key, text);
    }
    return text;
  };
}

export function useFormat() {
  const { locale, t } = useI18n();
  const client = useClientStore();
  const numbers = computed(() => new Intl.NumberFormat(locale.value));
  const plain2 = computed(() => new Intl.NumberFormat(locale.value, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  // The language is read here, not in the function returned: a change of language makes new formatters.
  const currencies = computed(() => {
    const language = locale.value;
    const cache = new Map<string, Intl.NumberFormat>();
    return (code: string) => {
      let format = cache.get(code);
      if (!format) cache.set(code, (format = new Intl.NumberFormat(language, { style: 'currency', currency: code })));
      return format;
    };
  });
  const day = computed(() => new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium' }));
  const dayTime = computed(() => new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium', timeStyle: 'short' }));
  const relative = computed(() => new Intl.RelativeTimeFormat(locale.value, { numeric: 'auto' }));
  const noneText = computed(() => t('common.none'));
  const none = () => noneText.value;

  function number(value: number | null | undefined): string {
    return typeof value === 'number' && Number.isFinite(value) ? numbers.value.format(value) : none();
  }

  /**
   * Money as text, remembered per currency and amount: a list shows the same prices many times, and Intl's
   * currency formatting was the most of a fast-scrolled list's script time after the code words.
   */
  const moneyTexts = computed(() => {
    const plain = plain2.value;
    const byCurrency = currencies.value;
    return rememberTexts(
      (cents: number, currency: string | null) => `${currency}:${cents}`,
      (cents, currency) => (currency && ISO_CODE.test(currency) ? byCurrency(currency) : plain).format(cents / 100),
    );
  });

  /** An amount in cents, in a currency (ISO code) or, without one, the account's. */
  function money(cents: number, currency: string | null = client.currency): string {
    return moneyTexts.value(cents, currency);
  }

  /**
   * Money as records carry it: a decimal string ("12.50") in the account's currency, or an amount the
   * provider formatted ("$1,234.50 USD"), shown again in our locale when it parsed, else as sent.
   */
  function amount(value: string | FormattedMoney | null | undefined): string {
    if (value === null || value === undefined || value === '') return none();
    if (isFormattedMoney(value)) {
      if (value.amount === null) return value.text || none();
      return money(Math.round(Number(value.amount) * 100), value.currency ?? client.currency);
    }
    const parsed = Number(value);
    return Number.isFinite(parsed) ? money(Math.round(parsed * 100)) : value;
  }

  /** A provider date as text, remembered per value (a list shows the same dates many times); one cache per style. */
  function memoDates(formatter: () => Intl.DateTimeFormat) {
    return computed(() => {
      const format = formatter();
      return rememberTexts(
        (value: string) => value,
        (value) => {
          const parsed = parseProviderDate(value);
          return parsed ? format.format(parsed) : none();
        },
      );
    });
  }
  const dayTexts = memoDates(() => day.value);
  const dayTimeTexts = memoDates(() => dayTime.value);

  function date(value: string | null | undefined): string {
    return value ? dayTexts.value(value.slice(0, 10)) : none();
  }

  function dateTime(value: string | null | undefined): string {
    return value ? dayTimeTexts.value(value) : none();
  }

  // Said once per language: a list's yes / no columns ask for them in every row drawn.
  const yesText = computed(() => t('common.yes'));
  const noText = computed(() => t('common.no'));
  function bool(value: boolean | null | undefined): string {
    return value === true ? yesText.value : value === false ? noText.value : none();
  }

  /** "3 minutes ago", "yesterday", "in 5 days". */
  function ago(value: string | null | undefined, now = Date.now()): string {
    const parsed = value ? new Date(value) : null;
    if (!parsed || Number.isNaN(parsed.getTime())) return none();
    const seconds = Math.round((parsed.getTime() - now) / 1000);
    const units: [Intl.RelativeTimeFormatUnit, number][] = [['day', 86_400], ['hour', 3_600], ['minute', 60]];
    for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.value.format(Math.round(seconds / size), unit);
    return relative.value.format(0, 'minute');
  }

  /** A file size in the locale's words: 26 bytes, 1 byte, 14 kB, 1.2 MB (see fileSize). */
  function bytes(size: number): string {
    return fileSize(size, locale.value, (n) => t('common.bytes', { n: numbers.value.format(n) }, n));
  }

  return { locale, none, number, money, amount, date, dateTime, bool, ago, bytes };
}
