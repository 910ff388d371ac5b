/** Contacts: their list screen and detail pane; queued edits show over them. */
import type { SharedResourceDescriptor } from './descriptor.js';

export const contacts = {
  overlaid: true,
  view: {
    resource: 'contacts',
    titleFields: ['firstName', 'lastName'],
    searchable: true,
    columns: [
      { field: 'firstName', kind: 'text', width: 140, sort: 'firstName' },
      { field: 'lastName', kind: 'text', width: 150, sort: 'lastName' },
      { field: 'companyName', kind: 'text', width: 200, sort: 'companyName' },
      { field: 'email', kind: 'text', width: 260, sort: 'email' },
      { field: 'country', kind: 'mono', width: 80 },
      { field: 'subaccount', kind: 'bool', width: 100 },
      { field: 'createdAt', kind: 'datetime', width: 196, sort: 'createdAt' },
    ],
    filters: [
      { name: 'country', kind: 'choice' },
      { name: 'subaccount', kind: 'flag' },
    ],
    detail: [
      {
        title: 'overview',
        fields: [
          { field: 'firstName', kind: 'text' },
          { field: 'lastName', kind: 'text' },
          { field: 'companyName', kind: 'text' },
          { field: 'email', kind: 'text' },
          { field: 'phoneNumber', kind: 'mono' },
        ],
      },
      {
        title: 'address',
        fields: [
          { field: 'address1', kind: 'text' },
          { field: 'address2', kind: 'text' },
          { field: 'city', kind: 'text' },
          { field: 'state', kind: 'text' },
          { field: 'postcode', kind: 'mono' },
          { field: 'country', kind: 'mono' },
        ],
      },
      {
        title: 'emails',
        fields: [
          { field: 'subaccount', kind: 'bool' },
          { field: 'generalEmails', kind: 'bool' },
          { field: 'invoiceEmails', kind: 'bool' },
          { field: 'productEmails', kind: 'bool' },
          { field: 'domainEmails', kind: 'bool' },
          { field: 'supportEmails', kind: 'bool' },
          { field: 'affiliateEmails', kind: 'bool' },
        ],
      },
      { title: 'dates', fields: [{ field: 'createdAt', kind: 'datetime' }, { field: 'updatedAt', kind: 'datetime' }] },
    ],
  },
} satisfies SharedResourceDescriptor<'contacts'>;
