/**
 * contacts.importPreview and contacts.import: contacts from a CSV file. The file is read once (import/csv-table.ts),
 * each row becomes an add-contact or, matched by its e-mail, an update-contact, checked with the outbox's own
 * schemas; the e-mails are looked up in one statement. Import queues exactly the rows the preview shows valid.
 */
import { BULK_LIMIT } from '../../../shared/contract.js';
import { CSV_FILE_PROBLEMS, guessMapping, type ContactImportField, type ContactImportPreview, type ContactImportRow } from '../../../shared/contact-import.js';
import type { LocalId } from '../../../shared/outbox/local-ids.js';
import { ISSUE_MESSAGES } from '../../../shared/outbox/issue-messages.js';
import { paramIssues, type ValidationIssue } from '../../../shared/outbox/schemas.js';
import type { AccountSession } from '../account-session.js';
import { DeskError } from '../desk-error.js';
import { readCsvTable } from '../import/csv-table.js';
import { overlay } from '../outbox/index.js';
import type { Handlers, ParsedInput } from './handlers.js';
import type { DeskState } from './state.js';

type ImportInput = ParsedInput<'contacts.importPreview'>;

export function importsHandlers(state: DeskState): Pick<Handlers, 'contacts.importPreview' | 'contacts.import'> {
  return {
    'contacts.importPreview': (input) => importPreview(state.current, input),
    'contacts.import': (input) => {
      const preview = importPreview(state.current, input);
      if (!preview.mapping.some((field) => field !== null)) throw new DeskError('invalid_input', 'No column is mapped to a contact field: map at least one.');
      const valid = preview.rows.filter((row) => row.issues.length === 0);
      // Capped as bulk edits are: the outbox lists, sends and overlays every entry.
      if (valid.length > BULK_LIMIT) {
        const n = (value: number) => value.toLocaleString('en-US');
        throw new DeskError('refused', `The file has ${n(valid.length)} rows to queue; one import queues at most ${n(BULK_LIMIT)}: split the file and import each part.`);
      }
      // One transaction for all: a 2,000-row file is one write to disk.
      const entries = state.current.outbox.enqueueAll(
        valid.map((row) =>
          input.mode === 'add' ? { kind: 'add-contact', params: row.params } : { kind: 'update-contact', params: { ...row.params, contactid: row.contactId! } },
        ),
      );
      const entryIds = entries.map((e) => e.id);
      if (state.background && entryIds.length > 0) state.current.replayAfterReply();
      return { queued: entryIds.length, skipped: preview.invalid, entryIds };
    },
  };
}

function importPreview(session: AccountSession, { csv, mapping, mode }: ImportInput): ContactImportPreview {
  const table = readCsvTable(csv);
  const guessed = guessMapping(table.columns);
  if (mapping === undefined && table.columns.length === 1 && guessed[0] === null) {
    throw new DeskError('invalid_input', `This does not look like a CSV file of contacts: its first row, "${table.columns[0]!.slice(0, 60)}", names no contact field.`, [
      { field: 'csv', message: CSV_FILE_PROBLEMS.notContacts },
    ]);
  }
  const fields = mapping ?? guessed;
  if (fields.length !== table.columns.length) {
    throw new DeskError('invalid_input', `The mapping names ${fields.length} columns; the file has ${table.columns.length}.`, [{ field: 'mapping', message: 'must give one field (or none) per column' }]);
  }
  const emailColumn = fields.indexOf('email');
  const emails = mode === 'update-by-email' && emailColumn !== -1 ? table.rows.map(({ cells }) => (cells[emailColumn] ?? '').trim()).filter(Boolean) : [];
  const byEmail = contactsByEmail(session, emails);

  const rows = table.rows.map(({ row, cells }): ContactImportRow => {
    const values = rowValues(fields, cells);
    const tooLong: ValidationIssue[] = cells.length > fields.length ? [{ field: '', message: ISSUE_MESSAGES.moreCells }] : [];
    if (mode === 'add') return { row, params: values, contactId: null, issues: [...tooLong, ...paramIssues('add-contact', values)] };
    // update-contact takes no tax id (api-spec.md): a row that gives one is left out, said why, not cut short.
    const { email, tax_id: taxId, ...changes } = values;
    const matches = email === undefined ? [] : (byEmail.get(email.toLowerCase()) ?? []);
    const contactId = matches.length === 1 ? matches[0]! : null;
    const found: ValidationIssue[] =
      email === undefined
        ? [{ field: 'email', message: ISSUE_MESSAGES.emailToFind }]
        : matches.length === 0
          ? [{ field: 'email', message: ISSUE_MESSAGES.noContactWithEmail }]
          : matches.length > 1
            ? [{ field: 'email', message: ISSUE_MESSAGES.manyContactsWithEmail }]
            : [];
    const taxIdIssue: ValidationIssue[] = taxId === undefined ? [] : [{ field: 'tax_id', message: ISSUE_MESSAGES.taxIdOnAdd }];
    const issues = [...tooLong, ...found, ...taxIdIssue, ...(contactId === null ? [] : paramIssues('update-contact', { ...changes, contactid: contactId }))];
    return { row, params: changes, contactId, issues };
  });
  const invalid = rows.filter((r) => r.issues.length > 0).length;
  return { columns: table.columns, mapping: fields, rows, valid: rows.length - invalid, invalid };
}

/** The mapped cells that hold something, trimmed; a country code in capitals. */
function rowValues(fields: readonly (ContactImportField | null)[], cells: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  fields.forEach((field, i) => {
    const value = (cells[i] ?? '').trim();
    if (field !== null && value !== '') values[field] = field === 'country' && /^[a-z]{2}$/i.test(value) ? value.toUpperCase() : value;
  });
  return values;
}


/**
 * The contacts as the Contacts list shows them, by lower-case e-mail: the mirror's (one statement), with their
 * pending edits laid over them and those whose deletion is queued left out, and the queued creates.
 */
function contactsByEmail({ mirror, outbox }: AccountSession, emails: readonly string[]): Map<string, (number | LocalId)[]> {
  const byEmail = new Map<string, (number | LocalId)[]>();
  if (emails.length === 0) return byEmail;
  const pending = outbox.pending();
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  // overlay() adds the queued creates after the mirror's rows.
  for (const contact of overlay('contacts', mirror.contactsByEmail([...wanted]), pending)) {
    const email = contact.email.trim().toLowerCase();
    if (contact.pending === 'delete' || !wanted.has(email)) continue;
    byEmail.set(email, [...(byEmail.get(email) ?? []), contact.id]);
  }
  return byEmail;
}
