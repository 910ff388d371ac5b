/**
 * What a list's selection can do, per resource: each action is a button in the selection's toolbar ("Delete 3
 * selected…", its words an i18n key given {n}) and the component it opens. A component takes the selected rows'
 * ids (`ids`, in the list's order, "all matching" already read) and `v-model:open`, and may emit `done` with a
 * sentence saying what it queued. Adding an action to a list is one line here.
 */
import type { Component } from 'vue';
import type { LinkTarget } from '../../../../shared/resource-fields';
import ContactBulkEditor from '../forms/ContactBulkEditor.vue';
import ContactsDeleteAction from './ContactsDeleteAction.vue';
import DomainsEppAction from './DomainsEppAction.vue';
import AddonOrderDialog from '../renewals/AddonOrderDialog.vue';
import RenewDialog from '../renewals/RenewDialog.vue';

export interface SelectionAction {
  /** The button's words: an i18n key taking the selection's count as {n} (and as its plural). */
  label: string;
  component: Component;
  /** The button is a danger (a deletion). */
  danger?: boolean;
}

export const SELECTION_ACTIONS: Partial<Record<LinkTarget, SelectionAction[]>> = {
  contacts: [
    { label: 'lists.selection.editContacts', component: ContactBulkEditor },
    { label: 'lists.selection.deleteContacts', component: ContactsDeleteAction, danger: true },
  ],
  domains: [
    { label: 'lists.selection.renewDomains', component: RenewDialog },
    { label: 'lists.selection.requestEpp', component: DomainsEppAction },
  ],
  services: [{ label: 'lists.selection.orderAddon', component: AddonOrderDialog }],
};
