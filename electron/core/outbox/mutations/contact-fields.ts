/** A contact's params (the API's names) as the fields of a contact row, for the overlay of add- and update-contact. */
import type { Contact } from '../../../../shared/models.js';
import type { Fields } from './definition.js';

/** update-contact's params → the contact row's fields. */
export const CONTACT_FIELDS = {
  firstname: 'firstName',
  lastname: 'lastName',
  companyname: 'companyName',
  email: 'email',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  postcode: 'postcode',
  country: 'country',
  phonenumber: 'phoneNumber',
  subaccount: 'subaccount',
  generalemails: 'generalEmails',
  productemails: 'productEmails',
  domainemails: 'domainEmails',
  invoiceemails: 'invoiceEmails',
  supportemails: 'supportEmails',
} as const satisfies Record<string, keyof Contact>;

export function withContactFields(row: Fields<Contact>, params: Record<string, unknown>): Fields<Contact> {
  const changed: Partial<Record<keyof Contact, unknown>> = {};
  for (const [param, field] of Object.entries(CONTACT_FIELDS)) {
    const value = params[param];
    if (value !== undefined) changed[field] = field === 'country' ? String(value).toUpperCase() : value;
  }
  // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- params (checked by the kind's schema) laid over a contact row under their field names
  return { ...row, ...changed } as Fields<Contact>;
}

export const NEW_CONTACT: Fields<Contact> = {
  userId: null, firstName: '', lastName: '', companyName: '', email: '', address1: '', address2: '', city: '', state: '',
  postcode: '', country: '', phoneNumber: '', subaccount: false, permissions: '', domainEmails: false, generalEmails: false,
  invoiceEmails: false, productEmails: false, supportEmails: false, affiliateEmails: false, createdAt: null, updatedAt: null,
};
