/**
 * The TLD-specific fields registries require of a domain registration (add-order's `domainfields[i]`), one
 * definition for the sandbox provider (which asks for them) and the app (which offers them).
 *
 * Modelled on the upstream billing system's standard additional domain fields (its `additionalfields`
 * definitions): each field's `name` is the key sent, as upstream names it; a select's option `value` is the value
 * sent. `key` (field and option) names its label in the renderer's i18n (`shop.domainFields`): no words here but
 * the upstream names. A tickbox is sent as `on` when ticked (as the upstream order form posts it), '' when not.
 *
 * The values travel as base64 of a PHP-serialized array: either keyed by field name, or a list in the order the
 * fields are defined here (upstream's positional form). `readDomainFieldValues` takes both.
 *
 * The checks are the registries' own rules, each a problem code the reader words (sandbox: English in the
 * provider's error style; renderer: English and Italian):
 * - .it (the Registro .it): the legal type of the registrant; the tax id is a codice fiscale (16 characters, its
 *   last letter a check) for an Italian natural person or a foreign one's identity document, an 11-digit VAT
 *   number / numeric codice fiscale (last digit a check) for Italian organisations, a VAT number for a foreign
 *   organisation; consent to publish personal data is compulsory for every registrant but natural persons;
 *   sections 3, 5, 6 and 7 of the registrar contract must be accepted.
 * - .uk (Nominet): the legal type; a company number (8 characters: digits, or two letters and six digits) for
 *   registered companies, LLPs and charities (their charity number); the registrant's name.
 * - .us (Neustar, the usTLD nexus policy): the nexus category C11–C32; a nexus country (ISO code) for C31/C32
 *   (foreign entities with a bona fide presence); the application purpose P1–P5.
 * - .eu (EURid): the registrant's entity type; an EU country of citizenship (optional: for an EU citizen living
 *   outside the EU).
 * - .de (DENIC): confirmation of a German address (or the registrar's Admin-C as the German contact) and
 *   acceptance of DENIC's terms; a tax id, optional.
 */

export type DomainFieldType = 'text' | 'select' | 'tickbox';

export interface DomainFieldOption {
  /** The value sent, as upstream writes it. */
  value: string;
  /** Its label's key in the renderer's i18n. */
  key: string;
}

/** A condition on another field of the same domain: its value is one of these. */
export interface FieldCondition {
  field: string;
  oneOf: readonly string[];
}

/** A registry's format rule for a text field: checked by `formatProblem`. */
export type DomainFieldFormat = 'itTaxId' | 'ukCompanyNumber' | 'countryCode';

export interface DomainField {
  /** The key sent (upstream's field name). */
  name: string;
  /** Its label's key in the renderer's i18n (`shop.domainFields.field.<key>`). */
  key: string;
  type: DomainFieldType;
  options?: readonly DomainFieldOption[];
  /** Required always (true), never (false), or when another field has one of some values. */
  required: boolean | FieldCondition;
  /** A select's preselected value (upstream's Default). */
  default?: string;
  format?: DomainFieldFormat;
  /** Upper bound on a text's length, as the registry's. */
  maxLength?: number;
}

export interface RegistryFields {
  /** Its key in the renderer's i18n (the registry's name). */
  key: string;
  /** TLDs (with the leading dot) the fields apply to. */
  tlds: readonly string[];
  /** Whether a transfer needs them too (a registration always does). */
  onTransfer: boolean;
  fields: readonly DomainField[];
}

export const TICKED = 'on';

const opts = (prefix: string, values: readonly (readonly [value: string, key: string])[]): DomainFieldOption[] =>
  values.map(([value, key]) => ({ value, key: `${prefix}.${key}` }));

const IT_NATURAL = 'Italian and foreign natural persons';
const IT_FOREIGN_ORG = 'non natural foreigners';
const IT_LEGAL_TYPES = opts('it', [
  [IT_NATURAL, 'natural'],
  ['Companies/one man companies', 'company'],
  ['Freelance workers/professionals', 'freelance'],
  ['non-profit organizations', 'nonProfit'],
  ['public organizations', 'public'],
  ['other subjects', 'other'],
  [IT_FOREIGN_ORG, 'foreignOrg'],
]);

const UK_LEGAL_TYPES = opts('uk', [
  ['Individual', 'individual'],
  ['UK Limited Company', 'ltd'],
  ['UK Public Limited Company', 'plc'],
  ['UK Partnership', 'partnership'],
  ['UK Limited Liability Partnership', 'llp'],
  ['Sole Trader', 'soleTrader'],
  ['UK Registered Charity', 'charity'],
  ['UK Entity (other)', 'otherEntity'],
  ['Foreign Organization', 'foreignOrg'],
  ['Other foreign organizations', 'otherForeign'],
  ['UK Industrial/Provident Registered Company', 'industrial'],
  ['UK School', 'school'],
  ['UK Government Body', 'government'],
  ['UK Corporation by Royal Charter', 'royalCharter'],
  ['UK Statutory Body', 'statutory'],
  ['Non-UK Individual', 'nonUkIndividual'],
]);
/** Nominet's types registered at Companies House (or the Charity Commission): a number is required. */
const UK_NUMBERED = ['UK Limited Company', 'UK Public Limited Company', 'UK Limited Liability Partnership', 'UK Registered Charity', 'UK Industrial/Provident Registered Company'];

/** The EU's member states (ISO 3166-1 alpha-2; Greece is EL in EU usage, GR in ISO: ISO here). */
export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL',
  'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
] as const;

export const REGISTRY_FIELDS: readonly RegistryFields[] = [
  {
    key: 'it',
    tlds: ['.it'],
    onTransfer: true,
    fields: [
      { name: 'Legal Type', key: 'itLegalType', type: 'select', options: IT_LEGAL_TYPES, required: true, default: IT_NATURAL },
      { name: 'Tax ID', key: 'itTaxId', type: 'text', required: true, format: 'itTaxId', maxLength: 20 },
      {
        name: 'Publish Personal Data', key: 'itPublish', type: 'tickbox',
        required: { field: 'Legal Type', oneOf: IT_LEGAL_TYPES.map((o) => o.value).filter((v) => v !== IT_NATURAL) },
      },
      { name: 'Accept Section 3 of .IT registrar contract', key: 'itSection3', type: 'tickbox', required: true },
      { name: 'Accept Section 5 of .IT registrar contract', key: 'itSection5', type: 'tickbox', required: true },
      { name: 'Accept Section 6 of .IT registrar contract', key: 'itSection6', type: 'tickbox', required: true },
      { name: 'Accept Section 7 of .IT registrar contract', key: 'itSection7', type: 'tickbox', required: true },
    ],
  },
  {
    key: 'uk',
    tlds: ['.uk', '.co.uk', '.org.uk', '.me.uk', '.net.uk', '.ltd.uk', '.plc.uk'],
    onTransfer: false,
    fields: [
      { name: 'Legal Type', key: 'ukLegalType', type: 'select', options: UK_LEGAL_TYPES, required: true, default: 'Individual' },
      { name: 'Company ID Number', key: 'ukCompanyId', type: 'text', required: { field: 'Legal Type', oneOf: UK_NUMBERED }, format: 'ukCompanyNumber', maxLength: 8 },
      { name: 'Registrant Name', key: 'ukRegistrantName', type: 'text', required: true, maxLength: 255 },
      { name: 'WHOIS Opt-out', key: 'ukWhoisOptOut', type: 'tickbox', required: false },
    ],
  },
  {
    key: 'us',
    tlds: ['.us'],
    onTransfer: true,
    fields: [
      {
        name: 'Nexus Category', key: 'usNexusCategory', type: 'select', required: true, default: 'C11',
        options: opts('us', [['C11', 'c11'], ['C12', 'c12'], ['C21', 'c21'], ['C31', 'c31'], ['C32', 'c32']]),
      },
      { name: 'Nexus Country', key: 'usNexusCountry', type: 'text', required: { field: 'Nexus Category', oneOf: ['C31', 'C32'] }, format: 'countryCode', maxLength: 2 },
      {
        name: 'Application Purpose', key: 'usPurpose', type: 'select', required: true, default: 'P1',
        options: opts('us', [['P1', 'p1'], ['P2', 'p2'], ['P3', 'p3'], ['P4', 'p4'], ['P5', 'p5']]),
      },
    ],
  },
  {
    key: 'eu',
    tlds: ['.eu'],
    onTransfer: false,
    fields: [
      {
        name: 'Entity Type', key: 'euEntityType', type: 'select', required: true, default: 'Individual',
        options: opts('eu', [['Individual', 'individual'], ['Company', 'company'], ['Organisation', 'organisation']]),
      },
      {
        name: 'EU Country of Citizenship', key: 'euCitizenship', type: 'select', required: false,
        options: EU_COUNTRIES.map((code) => ({ value: code, key: `country.${code}` })),
      },
    ],
  },
  {
    key: 'de',
    tlds: ['.de'],
    onTransfer: false,
    fields: [
      { name: 'Tax ID', key: 'deTaxId', type: 'text', required: false, maxLength: 20 },
      { name: 'Address Confirmation', key: 'deAddress', type: 'tickbox', required: true },
      { name: 'Agree to DE Terms', key: 'deTerms', type: 'tickbox', required: true },
    ],
  },
];

/** The registry fields a domain name needs (its longest matching TLD), or undefined when none. */
export function registryFieldsFor(domain: string): RegistryFields | undefined {
  const name = domain.trim().toLowerCase().replace(/\.$/, '');
  let best: RegistryFields | undefined;
  let bestLength = 0;
  for (const registry of REGISTRY_FIELDS) {
    for (const tld of registry.tlds) {
      if (name.endsWith(tld) && name.length > tld.length && tld.length > bestLength) {
        best = registry;
        bestLength = tld.length;
      }
    }
  }
  return best;
}

/** The fields an order of the domain asks for: a registration always; a transfer where the registry says. */
export function domainFieldsFor(domain: string, domaintype: 'register' | 'transfer'): readonly DomainField[] {
  const registry = registryFieldsFor(domain);
  if (!registry || (domaintype === 'transfer' && !registry.onTransfer)) return [];
  return registry.fields;
}

/** Values as a form starts them: a select's default, '' elsewhere. */
export function initialDomainFieldValues(fields: readonly DomainField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.name, f.type === 'select' ? (f.default ?? '') : '']));
}

/** A tickbox's value as ticked: the upstream form's `on`, and the usual spellings of yes. */
export const isTicked = (value: string | undefined) => /^(on|1|yes|true|y)$/i.test((value ?? '').trim());

/**
 * Values as sent (a list in field order, or keyed by name; upstream takes either) → keyed by field name. A list's
 * items past the fields, and keys that name no field, are kept under their own key (a registry's field this
 * definition does not know stays readable).
 */
export function readDomainFieldValues(fields: readonly DomainField[], values: ReadonlyMap<string, string> | Record<string, string> | readonly string[]): Record<string, string> {
  const entries: [string, string][] = Array.isArray(values)
    ? (values as readonly string[]).map((v, i) => [String(i), v])
    : values instanceof Map ? [...(values as ReadonlyMap<string, string>)] : Object.entries(values as Record<string, string>);
  const positional = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  const out: Record<string, string> = {};
  for (const [key, value] of entries) {
    const field = positional ? fields[Number(key)] : fields.find((f) => f.name.toLowerCase() === key.trim().toLowerCase());
    out[field?.name ?? key] = value;
  }
  return out;
}

export type DomainFieldProblemCode =
  | 'required' // a required text or select is empty
  | 'tick' // a required tickbox is not ticked
  | 'option' // a select's value is not one of its options
  | 'tooLong'
  | 'codiceFiscale' // .it natural person: not a codice fiscale nor an identity document number
  | 'codiceFiscaleCheck' // shaped as a codice fiscale, its check letter wrong
  | 'partitaIva' // .it organisation: not 11 digits
  | 'partitaIvaCheck' // 11 digits, the check digit wrong
  | 'foreignVat' // .it foreign organisation: not a VAT number (country letters and 2–13 characters)
  | 'ukCompanyNumber'
  | 'countryCode';

export interface DomainFieldProblem {
  /** The field's name (upstream's). */
  field: string;
  code: DomainFieldProblemCode;
}

const CF_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
/** The value (0–25) of a codice fiscale character: digits 0–9 and letters A–Z share values 0–9. */
const cfValue = (c: string) => (c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65);

/** The check letter of a codice fiscale's first 15 characters (odd positions weighted by the registry's table). */
export function codiceFiscaleCheck(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const v = cfValue(first15[i]!);
    sum += i % 2 === 0 ? CF_ODD[v]! : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** The check digit of an Italian VAT number's first 10 digits (Luhn). */
export function partitaIvaCheck(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

function itTaxIdProblem(value: string, legalType: string): DomainFieldProblemCode | undefined {
  const v = value.replace(/\s+/g, '').toUpperCase();
  // An unknown legal type is its own problem: which tax id it needs is not known.
  if (legalType !== '' && !IT_LEGAL_TYPES.some((o) => o.value === legalType)) return undefined;
  if (legalType === IT_NATURAL || legalType === '') {
    if (CF_SHAPE.test(v)) return codiceFiscaleCheck(v.slice(0, 15)) === v[15] ? undefined : 'codiceFiscaleCheck';
    // A foreign natural person gives an identity document's number instead.
    return /^[A-Z0-9]{5,20}$/.test(v) && /\d/.test(v) && v.length !== 16 ? undefined : 'codiceFiscale';
  }
  if (legalType === IT_FOREIGN_ORG) return /^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(v) ? undefined : 'foreignVat';
  const digits = v.replace(/^IT/, '');
  if (!/^\d{11}$/.test(digits)) return 'partitaIva';
  return partitaIvaCheck(digits.slice(0, 10)) === Number(digits[10]) ? undefined : 'partitaIvaCheck';
}

function formatProblem(format: DomainFieldFormat, value: string, values: Record<string, string>): DomainFieldProblemCode | undefined {
  switch (format) {
    case 'itTaxId':
      return itTaxIdProblem(value, (values['Legal Type'] ?? '').trim());
    case 'ukCompanyNumber':
      return /^([0-9]{6,8}|[A-Z]{2}[0-9]{6})$/i.test(value.replace(/\s+/g, '')) ? undefined : 'ukCompanyNumber';
    case 'countryCode':
      return /^[A-Z]{2}$/i.test(value.trim()) ? undefined : 'countryCode';
  }
}

/** Whether the field must be given, with these values of the others. */
export function isRequired(field: DomainField, values: Record<string, string>): boolean {
  if (typeof field.required === 'boolean') return field.required;
  const other = (values[field.required.field] ?? '').trim();
  return field.required.oneOf.includes(other);
}

/**
 * What is wrong with a domain's values (keyed by field name), field by field in the definition's order: each
 * field has at most one problem. Empty when they will do.
 */
export function domainFieldProblems(fields: readonly DomainField[], values: Record<string, string>): DomainFieldProblem[] {
  const problems: DomainFieldProblem[] = [];
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    const required = isRequired(field, values);
    if (field.type === 'tickbox') {
      if (required && !isTicked(value)) problems.push({ field: field.name, code: 'tick' });
      continue;
    }
    if (value === '') {
      if (required) problems.push({ field: field.name, code: 'required' });
      continue;
    }
    if (field.type === 'select' && !field.options?.some((o) => o.value === value)) {
      problems.push({ field: field.name, code: 'option' });
      continue;
    }
    if (field.maxLength !== undefined && value.length > field.maxLength) {
      problems.push({ field: field.name, code: 'tooLong' });
      continue;
    }
    const format = field.format && formatProblem(field.format, value, values);
    if (format) problems.push({ field: field.name, code: format });
  }
  return problems;
}

/**
 * The values a domain's fields have: what was given over each select's default (a select with a default given
 * '' is at its default: a form's blank, not a choice, as such a select offers no empty choice).
 */
export function effectiveDomainFieldValues(fields: readonly DomainField[], values: Record<string, string> | undefined): Record<string, string> {
  const out = { ...initialDomainFieldValues(fields) };
  for (const [name, value] of Object.entries(values ?? {})) {
    const field = fields.find((f) => f.name === name);
    if (!(field?.type === 'select' && field.default !== undefined && value.trim() === '')) out[name] = value;
  }
  return out;
}

/** Every field name any registry here asks for: a form's draft holds each (blank) so that a reload reads them back. */
export const DOMAIN_FIELD_NAMES: readonly string[] = [...new Set(REGISTRY_FIELDS.flatMap((r) => r.fields.map((f) => f.name)))];

/**
 * The values to send for a domain, keyed by name: the fields of its definition in order (a ticked tickbox `on`),
 * then any other values given (a field the provider asked for that this definition does not know). Empty values
 * are left out, as upstream's order form leaves out an unticked box.
 */
export function domainFieldsToSend(fields: readonly DomainField[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const raw = (values[field.name] ?? '').trim();
    const value = field.type === 'tickbox' ? (isTicked(raw) ? TICKED : '') : raw;
    if (value !== '') out[field.name] = value;
  }
  for (const [name, value] of Object.entries(values)) {
    if (!fields.some((f) => f.name === name) && value.trim() !== '') out[name] = value.trim();
  }
  return out;
}
