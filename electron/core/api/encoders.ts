/**
 * Encoders for the request values the spec packs into single form fields. Pure: values in, strings or
 * form entries out.
 */
import { serialize } from 'php-serialize';
import { normalizeMoney } from '../../../shared/money.js';

/** One form field: name as sent (`pid[]`, `domainrenewals[a.com]`) and its value. */
export type FormEntry = [name: string, value: string];

/** Values of custom fields keyed by the custom field's id. */
export type CustomFieldValues = Record<number, string>;
/** Configurable options of one product: `{configoption id: chosen option id (or quantity)}`. */
export type ConfigOptionChoices = Record<number, number>;
/** TLD-specific fields: in the registrar's order, or keyed by field name. */
export type DomainFieldValues = string[] | Record<string, string>;

export interface AttachmentBytes {
  name: string;
  data: Uint8Array;
}

export interface InvoiceItem {
  description: string;
  /** Decimal amount ("12.50") or a number with at most two decimals. */
  amount: string | number;
  taxed?: boolean;
}

const INTEGER_KEY = /^(0|-?[1-9]\d*)$/;

/**
 * base64 of a PHP-serialized array. Integer-like keys are written as PHP integer keys (`i:5;`), as PHP itself
 * stores them, so `{5: 'x'}` becomes `a:1:{i:5;s:1:"x";}`.
 */
export function phpSerializedBase64(values: Record<string, string | number> | Array<string | number>): string {
  const entries: Array<[string | number, string | number]> = Array.isArray(values)
    ? values.map((v, i) => [i, v])
    : Object.entries(values).map(([k, v]) => [INTEGER_KEY.test(k) ? Number(k) : k, v]);
  return Buffer.from(serialize(new Map(entries)), 'utf8').toString('base64');
}

export const encodeCustomFields = (values: CustomFieldValues): string => phpSerializedBase64(values);

export const encodeDomainFields = (values: DomainFieldValues): string => phpSerializedBase64(values);

export function encodeConfigOptions(choices: ConfigOptionChoices): string {
  for (const [id, choice] of Object.entries(choices)) {
    if (!INTEGER_KEY.test(id) || !Number.isSafeInteger(choice)) {
      throw new RangeError(`configoptions: id and choice must be integers, got ${id} → ${choice}`);
    }
  }
  return phpSerializedBase64(choices);
}

/** Add-on ids of one product: "3,7". */
export function encodeAddonList(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new RangeError(`addons: not an id: ${id}`);
  return ids.join(',');
}

/** Domain → years, as `domainrenewals[example.com]=2`. */
export function encodeDomainRenewals(renewals: Record<string, number>): FormEntry[] {
  return Object.entries(renewals).map(([domain, years]) => {
    if (!Number.isInteger(years) || years < 1) throw new RangeError(`domainrenewals: ${domain} needs whole years, got ${years}`);
    return [`domainrenewals[${domain}]`, String(years)];
  });
}

/** base64 of the JSON list `[{name, data}]`, where data is the file's bytes in base64. */
export function encodeAttachments(files: readonly AttachmentBytes[]): string {
  const list = files.map((f) => ({ name: f.name, data: Buffer.from(f.data).toString('base64') }));
  return Buffer.from(JSON.stringify(list), 'utf8').toString('base64');
}

/** Numbered line items: itemdescription1, itemamount1 ("12.50"), itemtaxed1 (1/0), then 2, 3... */
export function encodeInvoiceItems(items: readonly InvoiceItem[]): FormEntry[] {
  return items.flatMap((item, index): FormEntry[] => {
    const n = index + 1;
    return [
      [`itemdescription${n}`, item.description],
      [`itemamount${n}`, normalizeMoney(item.amount)],
      [`itemtaxed${n}`, encodeBoolean(item.taxed ?? false)],
    ];
  });
}

/** Booleans as 1/0: PHP reads the string "false" as true. */
export function encodeBoolean(value: boolean): string {
  return value ? '1' : '0';
}
