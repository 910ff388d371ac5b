/** The provider's currencies: the id shown as client[currency], and the text around formatted amounts. */
import type { CurrencyText } from '../reply.js';

export interface Currency extends CurrencyText {
  id: number;
  code: string;
}

const CURRENCIES: readonly Currency[] = [
  { id: 1, code: 'USD', prefix: '$', suffix: ' USD' },
  { id: 2, code: 'EUR', prefix: '€', suffix: ' EUR' },
  { id: 3, code: 'GBP', prefix: '£', suffix: ' GBP' },
];

/** The currency of a client's currency_code; the default (USD) for a code the provider does not list. */
export function currencyOf(code: string): Currency {
  return CURRENCIES.find((c) => c.code === code) ?? CURRENCIES[0]!;
}
