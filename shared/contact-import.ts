/**
 * Contacts from a CSV file: the contact fields a column can fill, the guess of each column's field from its
 * header (English and Italian names), and what a preview of the file says per row. The engine reads the file
 * (desk/imports.ts); front ends show the preview and let a person change the mapping.
 */
import type { LocalId } from './outbox/local-ids.js';
import type { ValidationIssue } from './outbox/schemas.js';

/** add-contact's and update-contact's text fields, in the order a form shows them. */
export const CONTACT_TEXT_PARAMS = [
  'firstname',
  'lastname',
  'companyname',
  'email',
  'address1',
  'address2',
  'city',
  'state',
  'postcode',
  'country',
  'phonenumber',
] as const;

/** The fields a CSV column can fill: the text fields, and the tax id, which add-contact alone takes. */
export const CONTACT_IMPORT_FIELDS = [...CONTACT_TEXT_PARAMS, 'tax_id'] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** add: every valid row is a new contact. update-by-email: a row changes the contact with its e-mail. */
export const CONTACT_IMPORT_MODES = ['add', 'update-by-email'] as const;
export type ContactImportMode = (typeof CONTACT_IMPORT_MODES)[number];

/** Header names, written as `headerKey` reduces them (lower case, no accents, letters and digits only). */
const HEADER_NAMES: Record<ContactImportField, readonly string[]> = {
  firstname: ['firstname', 'first', 'givenname', 'forename', 'nome', 'nomeproprio'],
  lastname: ['lastname', 'last', 'surname', 'familyname', 'cognome'],
  companyname: ['companyname', 'company', 'organization', 'organisation', 'business', 'azienda', 'societa', 'ditta', 'ragionesociale'],
  email: ['email', 'emailaddress', 'mail', 'posta', 'postaelettronica', 'indirizzoemail'],
  address1: ['address1', 'address', 'addressline1', 'street', 'indirizzo', 'indirizzo1', 'via'],
  address2: ['address2', 'addressline2', 'indirizzo2'],
  city: ['city', 'town', 'citta', 'comune', 'localita'],
  state: ['state', 'province', 'region', 'county', 'provincia', 'regione'],
  postcode: ['postcode', 'postalcode', 'zip', 'zipcode', 'cap', 'codicepostale'],
  country: ['country', 'countrycode', 'paese', 'nazione', 'stato'],
  phonenumber: ['phonenumber', 'phone', 'telephone', 'tel', 'mobile', 'telefono', 'cellulare', 'numeroditelefono'],
  tax_id: ['taxid', 'taxnumber', 'vat', 'vatid', 'vatnumber', 'partitaiva', 'piva', 'codicefiscale'],
};

/** "E-mail", "Città", "Post code" → "email", "citta", "postcode". */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Each column's field as guessed from its header; null where none fits or the field is already taken by an earlier column. */
export function guessMapping(headers: readonly string[]): (ContactImportField | null)[] {
  const taken = new Set<ContactImportField>();
  return headers.map((header) => {
    const key = headerKey(header);
    const field = CONTACT_IMPORT_FIELDS.find((f) => !taken.has(f) && HEADER_NAMES[f].includes(key)) ?? null;
    if (field) taken.add(field);
    return field;
  });
}

/**
 * What is wrong with a whole file, carried as the refusal's one issue (field `csv`) next to its sentence, so a
 * front end can say it in the person's language (`contactImport.problems.<key>`).
 */
export const CSV_FILE_PROBLEMS = {
  empty: 'the file is empty',
  binary: 'the file holds binary data, not text',
  utf16: 'the file is UTF-16 text, not UTF-8',
  notUtf8: 'the file is not UTF-8 text',
  unclosedQuote: 'a quote in the file is never closed',
  noRows: 'the file has a header row but no rows under it',
  notContacts: 'the first row names no contact field',
} as const;
export type CsvFileProblem = keyof typeof CSV_FILE_PROBLEMS;

/** The key of a refusal's file problem, or null when the refusal is about something else. */
export function csvFileProblem(issues: readonly { field: string; message: string }[] | undefined): CsvFileProblem | null {
  const message = issues?.find((issue) => issue.field === 'csv')?.message;
  const found = Object.entries(CSV_FILE_PROBLEMS).find(([, text]) => text === message);
  return found ? (found[0] as CsvFileProblem) : null;
}

/** One row of the file as it would be queued. */
export interface ContactImportRow {
  /** The row's number as a spreadsheet numbers it: the header is row 1, blank rows count. */
  row: number;
  /** The contact's fields from the mapped, non-empty cells (trimmed); for update-by-email, contactid too. */
  params: Record<string, string | number>;
  /** update-by-email: the contact with the row's e-mail (a local id for a queued one); null when none. */
  contactId: number | LocalId | null;
  /** Why the row is left out (the outbox's own messages, by field); empty when it is queued. */
  issues: ValidationIssue[];
}

export interface ContactImportPreview {
  /** The header row's names, one per column. */
  columns: string[];
  /** Each column's field (the mapping given, else the guess). */
  mapping: (ContactImportField | null)[];
  rows: ContactImportRow[];
  /** Rows queued by contacts.import as the file is now, and rows left out. */
  valid: number;
  invalid: number;
}

export interface ContactImportResult {
  queued: number;
  skipped: number;
  /** The outbox entries, in the file's order. */
  entryIds: number[];
}
