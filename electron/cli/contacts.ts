/** Contacts in bulk from the command line: `contacts import FILE.csv`, `contacts update --where … --set … --clear …`. */
import { readFileSync } from 'node:fs';
import { BULK_CONTACT_FIELDS, CONTACT_PREFERENCE_FIELDS, type BulkContactField, type FieldEdit } from '../../shared/bulk-edit.js';
import { MAX_IMPORT_BYTES } from '../../shared/contract.js';
import type { ValidationIssue } from '../../shared/outbox/schemas.js';
import { UsageError } from './args.js';
import { useAccount, type CommandContext } from './context.js';
import { regularFileSize } from './files.js';
import { print, say, table } from './output.js';

const issuesText = (issues: readonly ValidationIssue[]) => issues.map((i) => (i.field ? `${i.field}: ${i.message}` : i.message)).join('; ');

export async function contactsImport(context: CommandContext): Promise<number> {
  const { desk, words, options } = context;
  if (options['update-by'] !== undefined && options['update-by'] !== 'email') {
    throw new UsageError(`--update-by takes email (got "${options['update-by']}")`, 'contacts import');
  }
  const mode = options['update-by'] === 'email' ? 'update-by-email' : 'add';
  const csv = readFile(words[0]!);
  await useAccount(context);
  const preview = await desk.call('contacts.importPreview', { csv, mode });
  if (!preview.mapping.some((field) => field !== null)) {
    throw new Error(`no column of ${words[0]} names a contact field (${preview.columns.map((c) => `"${c}"`).join(', ')}): name them first name, last name, e-mail, city, country…`);
  }
  say(`columns: ${preview.columns.map((c, i) => `${c} → ${preview.mapping[i] ?? '(not imported)'}`).join(', ')}`);
  for (const row of preview.rows) if (row.issues.length > 0) say(`row ${row.row} left out: ${issuesText(row.issues)}`);
  if (options['dry-run']) {
    print(options.json, preview, () => `would queue ${preview.valid} contact ${mode === 'add' ? 'creations' : 'updates'}; ${preview.invalid} rows left out`);
    return 0;
  }
  if (preview.valid === 0) throw new Error(`no row of ${words[0]} can be queued: each is left out, as said above`);
  const result = await desk.call('contacts.import', { csv, mode, mapping: preview.mapping });
  print(options.json, result, () => `queued ${result.queued} contact ${mode === 'add' ? 'creations' : 'updates'} (${result.skipped} rows left out); \`npx reseller-desk sync\` sends them`);
  return 0;
}

export async function contactsUpdate(context: CommandContext): Promise<number> {
  const { desk, options } = context;
  const where = options.where ?? [];
  if (where.length === 0) throw new UsageError('contacts update: --where is required: which contacts (e.g. --where country=IT)', 'contacts update');
  const filters = Object.fromEntries(where.map((pair) => assignment(pair, '--where')).map(([field, value]) => [field, filterValue(value)]));
  const fields: Partial<Record<BulkContactField, FieldEdit>> = {};
  for (const pair of options.set ?? []) {
    const [field, value] = assignment(pair, '--set');
    fields[contactField(field)] = { set: isPreference(field) ? flagValue(field, value) : value };
  }
  for (const field of options.clear ?? []) fields[contactField(field)] = { clear: true };
  if (Object.keys(fields).length === 0) throw new UsageError('contacts update: say what to change with --set FIELD=VALUE or --clear FIELD', 'contacts update');
  await useAccount(context);
  const input = { shown: { filters }, fields };
  const plan = await desk.call('contacts.bulkPlan', input);
  for (const row of plan.rows) if (row.issues.length > 0) say(`${row.name || row.id} left out: ${issuesText(row.issues)}`);
  if (plan.skippedDeleting > 0) say(`${plan.skippedDeleting} contacts skipped: their deletion is queued`);
  const counts = `${plan.invalid} left out, ${plan.unchanged} already so`;
  if (options['dry-run']) {
    print(options.json, plan, () =>
      [
        table(
          ['ID', 'CONTACT', 'BEFORE', 'AFTER'],
          plan.rows.filter((r) => r.issues.length === 0 && !r.unchanged).map((r) => [r.id, r.name, fieldsText(r.before), fieldsText(r.after)]),
        ),
        `would queue ${plan.sending} edits (${counts})`,
      ].join('\n'),
    );
    return 0;
  }
  const queued = await desk.call('contacts.bulkEdit', input);
  print(options.json, queued, () => `queued ${queued.queued} contact edits (${counts}); \`npx reseller-desk sync\` sends them`);
  return 0;
}

function readFile(file: string): Uint8Array {
  if (regularFileSize(file, file, 'contacts import') > MAX_IMPORT_BYTES) throw new UsageError(`${file}: larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`, 'contacts import');
  return readFileSync(file);
}

function assignment(pair: string, option: '--where' | '--set'): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new UsageError(`${option} takes FIELD=VALUE (got "${pair}")`, 'contacts update');
  return [pair.slice(0, at).trim(), pair.slice(at + 1)];
}

const isPreference = (field: string) => (CONTACT_PREFERENCE_FIELDS as readonly string[]).includes(field);

const isContactField = (field: string): field is BulkContactField => (BULK_CONTACT_FIELDS as readonly string[]).includes(field);

function contactField(field: string): BulkContactField {
  if (isContactField(field)) return field;
  throw new UsageError(`contacts update: no contact field "${field}"; one of ${BULK_CONTACT_FIELDS.join(', ')}`, 'contacts update');
}

function flagValue(field: string, value: string): boolean {
  if (/^(true|yes|on|1)$/i.test(value)) return true;
  if (/^(false|no|off|0)$/i.test(value)) return false;
  throw new UsageError(`--set ${field} takes true or false (got "${value}")`, 'contacts update');
}

/** A filter's value as the list takes it: true/false for a flag (subaccount), else the text. */
function filterValue(value: string): string | boolean {
  return value === 'true' ? true : value === 'false' ? false : value;
}

function fieldsText(values: Record<string, unknown>): string {
  return Object.entries(values).map(([field, value]) => `${field}=${value === '' ? '(empty)' : String(value)}`).join(' ');
}
