/**
 * What a list's selection can do, per resource: each action is a button in the selection's toolbar ("Delete 3
 * selected…", its words an i18n key given {n}) and the component it opens. A component takes the selected rows'
 * ids (`ids`, in the list's order, "all matching" already read) and `v-model:open`, and may emit `done` with a
 * sentence saying what it queued. Adding an action to a list is one line here.
 */
import type { Component } from 'vue';
import type { LinkTarget } from '../../../../shared/resource-fields';
import ContactBulkEditor from '../forms/ContactBulkEditor.vue';
import QueueEachAction from './QueueEachAction.vue';
import { DELETE_CONTACTS, REQUEST_EPP_CODES } from './queue-each-edits';
import AddonOrderDialog from '../renewals/AddonOrderDialog.vue';
import RenewDialog from '../renewals/RenewDialog.vue';

export interface SelectionAction {
  /** The button's words: an i18n key taking the selection's count as {n} (and as its plural). */
  label: string;
  component: Component;
  /** The button is a danger (a deletion). */
  danger?: boolean;
  /** What else the component is given (QueueEachAction: its edit). */
  props?: Record<string, unknown>;
}

export const SELECTION_ACTIONS: Partial<Record<LinkTarget, SelectionAction[]>> = {
  contacts: [
    { label: 'lists.selection.editContacts', component: ContactBulkEditor },
    { label: 'lists.selection.deleteContacts', component: QueueEachAction, danger: true, props: { edit: DELETE_CONTACTS } },
  ],
  domains: [
    { label: 'lists.selection.renewDomains', component: RenewDialog },
    { label: 'lists.selection.requestEpp', component: QueueEachAction, props: { edit: REQUEST_EPP_CODES } },
  ],
  services: [{ label: 'lists.selection.orderAddon', component: AddonOrderDialog }],
};
