/**
 * A support department's custom fields in a ticket form: what the person typed or chose, keyed by the field's id
 * (as open-ticket's and add-ticket-reply's customfields are), checked and turned into the params to send.
 */
import type { DepartmentCustomField } from '../../../../shared/models';

/**
 * Values as typed, by field id; a ticked tickbox is 'on', as the upstream system stores it. A list, not a map by
 * id: a draft restores a map's keys only when a blank form has them (drafts.ts restoreInto), a list whole.
 */
export type CustomFieldValues = { id: number; value: string }[];

export const valueOf = (values: CustomFieldValues, field: DepartmentCustomField) => values.find((v) => v.id === field.id)?.value ?? '';

export const withValue = (values: CustomFieldValues, field: DepartmentCustomField, value: string): CustomFieldValues => [
  ...values.filter((v) => v.id !== field.id),
  { id: field.id, value },
];

/** Where a field's problem is kept among the form's field errors. */
export const customFieldErrorKey = (field: DepartmentCustomField) => `customfield:${field.id}`;

/** The required fields left empty, each with `message`, under its key (a new ticket: every required field). */
export function missingCustomFields(fields: readonly DepartmentCustomField[], values: CustomFieldValues, message: string): Record<string, string> {
  return Object.fromEntries(fields.filter((field) => field.required && valueOf(values, field).trim() === '').map((field) => [customFieldErrorKey(field), message]));
}

/**
 * The `customfields` param: the department's fields with a value, trimmed. Values of another department's
 * fields (the person changed department) are left out; nothing at all when none is filled. `untick`: a tickbox
 * the person unticked is sent empty (a reply's update; a new ticket has nothing to untick).
 */
export function customFieldParams(fields: readonly DepartmentCustomField[], values: CustomFieldValues, untick = false): { customfields?: Record<string, string> } {
  const filled = fields.flatMap((field) => {
    const value = valueOf(values, field).trim();
    const unticked = untick && field.type === 'tickbox' && values.some((v) => v.id === field.id);
    return value === '' && !unticked ? [] : [[String(field.id), value] as const];
  });
  return filled.length > 0 ? { customfields: Object.fromEntries(filled) } : {};
}

/** The values a queued ticket or reply carries (its `customfields`, by field id), as the form holds them. */
export function queuedCustomFields(customfields: Readonly<Record<string, string>> | undefined): CustomFieldValues {
  return Object.entries(customfields ?? {}).flatMap(([id, value]) => (/^\d+$/.test(id) ? [{ id: Number(id), value }] : []));
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The department's field the provider's words are about: the one whose name they say as a whole word ("Server
 * hostname is required", "Service must be one of: …"; of two names said, the longer, which may hold the other),
 * else the one whose id they give ("Custom field 7 …"). None when the words name no field of the department.
 */
export function customFieldNamedIn(fields: readonly DepartmentCustomField[], message: string | undefined): DepartmentCustomField | undefined {
  if (!message) return undefined;
  const said = (field: DepartmentCustomField) => field.name.trim() !== '' && new RegExp(`(^|[^\\p{L}\\p{N}])${escaped(field.name.trim())}($|[^\\p{L}\\p{N}])`, 'iu').test(message);
  const byName = fields.filter(said).sort((a, b) => b.name.length - a.name.length)[0];
  const id = /custom ?field\D{0,3}(\d+)/i.exec(message)?.[1];
  return byName ?? fields.find((field) => String(field.id) === id);
}
