/**
 * contacts.bulkPlan and contacts.bulkEdit: one change to many contacts, field by field (keep, set, clear). The
 * plan reads each contact as the lists show it (queued edits laid over), works out its update-contact, checks it
 * with the outbox's own schema, and says per contact what changes or why it is left out; bulkEdit queues exactly
 * the plan's edits. The contacts a list shows are those contacts.bulkPreview counts (outbox.ts).
 */
import { CONTACT_PREFERENCE_FIELDS, type BulkContactField, type BulkPlan, type BulkPlanRow } from '../../../shared/bulk-edit.js';
import { BULK_LIMIT } from '../../../shared/contract.js';
import type { Contact } from '../../../shared/models.js';
import { isLocalId, type LocalId } from '../../../shared/outbox/local-ids.js';
import { ISSUE_MESSAGES } from '../../../shared/outbox/issue-messages.js';
import { paramIssues, type ValidationIssue } from '../../../shared/outbox/schemas.js';
import type { OverlaidRow } from '../../../shared/queries.js';
import { recordNaming } from '../../../shared/record-names.js';
import { DeskError } from '../desk-error.js';
import { overlay } from '../outbox/index.js';
import { CONTACT_FIELDS, withContactFields } from '../outbox/mutations/contact-fields.js';
import type { Handlers, ParsedInput } from './handlers.js';
import { shownContacts } from './outbox.js';
import type { DeskState } from './state.js';

type PlanInput = ParsedInput<'contacts.bulkPlan'>;
type PlannedRow = BulkPlanRow & { params: Record<string, string | boolean> };

const isPreference = (field: BulkContactField) => (CONTACT_PREFERENCE_FIELDS as readonly string[]).includes(field);

export function bulkEditHandlers(state: DeskState): Pick<Handlers, 'contacts.bulkPlan' | 'contacts.bulkEdit'> {
  const plan = lastPlanKept();
  return {
    'contacts.bulkPlan': (input) => {
      const { rows, ...counts } = plan(state, input);
      return { ...counts, rows: rows.map(({ params: _params, ...row }) => row) };
    },
    'contacts.bulkEdit': (input) => {
      const sent = plan(state, input).rows.filter((row) => row.issues.length === 0 && !row.unchanged);
      // One transaction for all, the draft dropped in it; each contact must still match the list's filter when sent.
      const entries = state.current.outbox.enqueueAll(
        sent.map((row) => ({ kind: 'update-contact', params: { ...row.params, contactid: row.id } })),
        { draft: input.draft, where: input.shown && filterOnOwnFields(input.shown.filters) },
      );
      if (state.background && entries.length > 0) state.current.replayAfterReply();
      return { queued: entries.length, entryIds: entries.map((entry) => entry.id) };
    },
  };
}

type Plan = Omit<BulkPlan, 'rows'> & { rows: PlannedRow[] };

/**
 * A Contacts list's filters on the contact's own fields (its country, whether a sub-account), as update-contact's
 * params name them: what a contact must still hold on the provider for the bulk edit to reach it (issue 34).
 */
function filterOnOwnFields(filters: NonNullable<PlanInput['shown']>['filters']): Record<string, string> | undefined {
  const own = Object.entries(filters ?? {}).flatMap(([field, value]) =>
    (field === 'country' || field === 'subaccount') && typeof value !== 'object' ? [[field, String(value).toUpperCase()] as const] : [],
  );
  return own.length > 0 ? Object.fromEntries(own) : undefined;
}

/**
 * makePlan, with the last plan kept for the same account, the same change to the same contacts, and neither the
 * mirror's file nor the outbox's changed since: the queueing that follows a preview then queues what the preview
 * showed without working it out again (2,000 contacts laid over, checked and compared, twice). Any write in
 * between, here or by another process, makes a new plan.
 */
function lastPlanKept(): (state: DeskState, input: PlanInput) => Plan {
  let last: { session: object; key: string; plan: Plan } | null = null;
  return (state, input) => {
    const { mirror, outbox } = state.current;
    const key = JSON.stringify([input.shown ?? null, input.contactIds ?? null, input.fields, mirror.version(), outbox.version()]);
    if (last?.session !== state.current || last.key !== key) last = { session: state.current, key, plan: makePlan(state, input) };
    return last.plan;
  };
}

function makePlan(state: DeskState, input: PlanInput): Plan {
  const reached = input.shown ? shownContacts(state, input.shown) : { sending: input.contactIds!, skippedDeleting: 0 };
  if (reached.sending.length > BULK_LIMIT) {
    throw new DeskError('refused', `The list shows ${reached.sending.length} contacts; one change reaches at most ${BULK_LIMIT} at a time: narrow the list first.`);
  }
  const contacts = contactsById(state, reached.sending);
  const rows = reached.sending.map((id) => {
    const contact = contacts.get(id);
    return contact ? plannedRow(contact, input.fields) : missing(id);
  });
  const unchanged = rows.filter((r) => r.unchanged && r.issues.length === 0).length;
  const invalid = rows.filter((r) => r.issues.length > 0).length;
  return { rows, sending: rows.length - invalid - unchanged, invalid, unchanged, skippedDeleting: reached.skippedDeleting };
}

/** The contacts as the lists show them: mirror rows (by id) with pending edits laid over, and queued creates. */
function contactsById(state: DeskState, ids: readonly (number | LocalId)[]): Map<number | LocalId, OverlaidRow<Contact>> {
  const { mirror, outbox } = state.current;
  const stored = ids.flatMap((id) => (typeof id === 'number' ? (mirror.get('contacts', id) ?? []) : []));
  const wanted = new Set<number | LocalId>(ids);
  return new Map(overlay('contacts', stored, outbox.pending()).flatMap((row) => (wanted.has(row.id) && row.pending !== 'delete' ? [[row.id, row] as const] : [])));
}

function plannedRow(contact: OverlaidRow<Contact>, fields: PlanInput['fields']): PlannedRow {
  const before: BulkPlanRow['before'] = {};
  const after: BulkPlanRow['after'] = {};
  const params: Record<string, string | boolean> = {};
  const issues: ValidationIssue[] = [];
  for (const [field, edit] of Object.entries(fields) as [BulkContactField, NonNullable<PlanInput['fields'][BulkContactField]>][]) {
    if ('keep' in edit) continue;
    const now = contact[CONTACT_FIELDS[field]];
    before[field] = now;
    const wanted = 'set' in edit ? edit.set : isPreference(field) ? false : '';
    // What the contact shows once the edit is applied (a country in capitals, as the overlay shows it).
    const shown = withContactFields(contact, { [field]: wanted })[CONTACT_FIELDS[field]];
    if (shown === now) {
      after[field] = now;
    } else if ('clear' in edit && !isPreference(field)) {
      after[field] = now;
      issues.push({ field, message: ISSUE_MESSAGES.notBlanked });
    } else {
      after[field] = shown;
      params[field] = wanted;
    }
  }
  const unchanged = Object.keys(params).length === 0;
  if (!unchanged) issues.push(...paramIssues('update-contact', { ...params, contactid: contact.id }));
  return { id: contact.id, name: recordNaming('contacts', contact).name ?? '', before, after, issues, unchanged, params };
}

function missing(id: number | LocalId): PlannedRow {
  const message = isLocalId(id) ? 'no queued contact has this local id' : 'no contact has this id in the mirror';
  return { id, name: '', before: {}, after: {}, issues: [{ field: 'contactid', message }], unchanged: false, params: {} };
}

