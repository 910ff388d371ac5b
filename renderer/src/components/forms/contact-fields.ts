import type { EntryBase } from '../../../../shared/outbox/conflict';

/**
 * The contact fields a person edits, as the API names them (add-contact / update-contact) and as the mirrored
 * record names them, so that an edit sends only what changed.
 */
export const CONTACT_TEXT_FIELDS = [
  ['firstname', 'firstName'],
  ['lastname', 'lastName'],
  ['companyname', 'companyName'],
  ['email', 'email'],
  ['phonenumber', 'phoneNumber'],
  ['address1', 'address1'],
  ['address2', 'address2'],
  ['city', 'city'],
  ['state', 'state'],
  ['postcode', 'postcode'],
  ['country', 'country'],
] as const;

export const CONTACT_EMAIL_FIELDS = [
  ['generalemails', 'generalEmails'],
  ['productemails', 'productEmails'],
  ['domainemails', 'domainEmails'],
  ['invoiceemails', 'invoiceEmails'],
  ['supportemails', 'supportEmails'],
] as const;

export type ContactTextParam = (typeof CONTACT_TEXT_FIELDS)[number][0];
export type ContactEmailParam = (typeof CONTACT_EMAIL_FIELDS)[number][0];

export type ContactDraft = {
  text: Record<ContactTextParam, string>;
  emails: Record<ContactEmailParam, boolean>;
  /** A sub-account signs in to the provider's client area with its own password (password2, a secret). */
  subaccount: boolean;
  /** Named as the param: a secret, kept in memory only (shared/outbox/drafts.ts). */
  password2: string;
  /** A new contact's tax id: add-contact takes it, update-contact does not (api-spec.md). */
  tax_id: string;
};

/** What a contact form sends: the fields it changed (both add-contact and update-contact take these). */
export type ContactChanges = Partial<Record<ContactTextParam, string> & Record<ContactEmailParam, boolean>> & { subaccount?: boolean; password2?: string };

/** A form filled from a record (or empty for a new contact). */
export function contactDraft(record: Record<string, unknown> | null): ContactDraft {
  return {
    text: Object.fromEntries(CONTACT_TEXT_FIELDS.map(([param, field]) => [param, String(record?.[field] ?? '')])) as ContactDraft['text'],
    emails: Object.fromEntries(CONTACT_EMAIL_FIELDS.map(([param, field]) => [param, record ? record[field] === true : false])) as ContactDraft['emails'],
    subaccount: record?.subaccount === true,
    password2: '',
    tax_id: '',
  };
}

/**
 * A draft of a contact reopened after its record changed (issue 34, row 2b): each field the person left as it was
 * when the draft was started (its value in the draft's base) takes the record's value now, so the form shows the
 * provider's new phone rather than the old one over a detail pane showing the new; what the person typed stays.
 */
export function rebaseContactDraft(draft: ContactDraft, base: EntryBase, record: Record<string, unknown>): void {
  if (base.of !== 'contact') return;
  const untouched = (param: string, value: string | boolean) => param in base.fields && base.fields[param] === value;
  for (const [param, field] of CONTACT_TEXT_FIELDS) {
    if (untouched(param, draft.text[param])) draft.text[param] = String(record[field] ?? '');
  }
  for (const [param, field] of CONTACT_EMAIL_FIELDS) {
    if (untouched(param, draft.emails[param])) draft.emails[param] = record[field] === true;
  }
  if (untouched('subaccount', draft.subaccount)) draft.subaccount = record.subaccount === true;
}

/**
 * add-contact's tax_id, when given. The spec's contact record has no tax id and update-contact takes none, so it is
 * sent with a new contact only, and known afterwards only from that edit (detail/ContactTaxId.vue).
 */
export function taxIdParam(draft: ContactDraft): { tax_id?: string } {
  const taxId = draft.tax_id.trim();
  return taxId === '' ? {} : { tax_id: taxId };
}

/** A contact becoming a sub-account needs a password; one that is already can keep its own. */
export function needsPassword(draft: ContactDraft, record: Record<string, unknown> | null): boolean {
  return draft.subaccount && record?.subaccount !== true && draft.password2 === '';
}

/**
 * The params to send: for a new contact every field given (and the e-mail preferences set); for an edit only the
 * fields that differ from the record. Text is sent as typed but trimmed; a country in capitals.
 */
export function contactParams(draft: ContactDraft, record: Record<string, unknown> | null): ContactChanges {
  const params: ContactChanges = {};
  for (const [param, field] of CONTACT_TEXT_FIELDS) {
    const value = param === 'country' ? draft.text[param].trim().toUpperCase() : draft.text[param].trim();
    if (record ? value !== String(record[field] ?? '') : value !== '') params[param] = value;
  }
  for (const [param, field] of CONTACT_EMAIL_FIELDS) {
    const value = draft.emails[param];
    if (record ? value !== (record[field] === true) : value) params[param] = value;
  }
  // A new contact is a sub-account by its password alone; an existing one says so with `subaccount`.
  if (record && draft.subaccount !== (record.subaccount === true)) params.subaccount = draft.subaccount;
  if (draft.subaccount && draft.password2 !== '') params.password2 = draft.password2;
  return params;
}
