/**
 * How a record is named in words, apart from its id: its name (a contact's person, a ticket's subject, a
 * domain's name) and the number the provider gave it (a ticket's #348295, an order's number, an invoice's id).
 * A local id (`local:7`) is never a name or a number: a record still in the outbox has none yet.
 */
import { isLocalId } from './outbox/local-ids.js';
import type { ResourceName } from './records.js';
import { RESOURCE_DESCRIPTORS } from './resources/index.js';

export interface RecordNaming {
  name: string | null;
  number: string | null;
}

/** The field that holds the number the provider gives a record, where it is not its name. */
const NUMBER_FIELD: Partial<Record<ResourceName, string>> = { tickets: 'tid', orders: 'orderNum', invoices: 'id' };
/** What names a record when its title fields are empty (a contact with only a company or an e-mail). */
const FALLBACK_FIELDS: Partial<Record<ResourceName, string[]>> = { contacts: ['companyName', 'email'] };

const text = (value: unknown): string | null =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '' && !isLocalId(value) ? String(value).trim() : null;

export function recordNaming(resource: ResourceName, row: Record<string, unknown>): RecordNaming {
  const numberField = NUMBER_FIELD[resource];
  const titleFields = ((RESOURCE_DESCRIPTORS[resource].view as { titleFields: string[] } | null)?.titleFields ?? []).filter((field) => field !== numberField);
  const joined = (fields: string[]) => fields.flatMap((field) => text(row[field]) ?? []).join(' ') || null;
  const name = joined(titleFields) ?? (FALLBACK_FIELDS[resource] ?? []).map((field) => text(row[field])).find(Boolean) ?? null;
  return { name, number: numberField ? text(row[numberField]) : null };
}
