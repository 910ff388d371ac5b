/** How a record's values become mirror columns and search headings. */
import { toCents } from '../../../shared/money.js';

export const cents = (money: string | null): number | null => (money === null ? null : toCents(money));
export const bit = (value: boolean): number => (value ? 1 : 0);
export const joined = (parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' · ');
