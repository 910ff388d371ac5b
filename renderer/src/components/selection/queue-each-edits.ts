/**
 * The selection actions that queue one edit per record (QueueEachAction.vue): each record's edit, or null when
 * it gets none (left out of the confirmation too), and the words that ask.
 */
import type { LinkTarget } from '../../../../shared/resource-fields';
import { recordIdOf } from '../../../../shared/resource-fields';
import type { Mutation } from '../../../../shared/outbox/schemas';
import type { Row } from '../../stores/list';
import type { RowId } from './selection';

export interface QueueEachEdit {
  resource: LinkTarget;
  mutationOf: (row: Row) => Mutation | null;
  /** The i18n keys' stem under lists.selection ("delete": deleteTitle, deleteConfirm…). */
  words: string;
  danger?: boolean;
}

/** Contacts: one delete-contact each; a contact whose deletion is already queued is not deleted twice. */
export const DELETE_CONTACTS: QueueEachEdit = {
  resource: 'contacts',
  words: 'delete',
  danger: true,
  mutationOf: (row) => (row.pending === 'delete' ? null : { kind: 'delete-contact', params: { contactid: recordIdOf(row) as RowId } }),
};

/** Domains: one domain-request-epp each, by name, as the domain's own EPP section requests it (and finds it again). */
export const REQUEST_EPP_CODES: QueueEachEdit = {
  resource: 'domains',
  words: 'epp',
  mutationOf: (row) => {
    const name = (row as Record<string, unknown>).domainName;
    return typeof name === 'string' && name !== '' ? { kind: 'domain-request-epp', params: { domainname: name } } : null;
  },
};
