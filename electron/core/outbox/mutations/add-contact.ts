/**
 * add-contact. A lost reply is matched by contacts with the same e-mail and exactly the same first and last
 * name: one unclaimed → done with it, none → resend, more → review.
 */
import { fetchAll } from '../../api/paging.js';
import { ids, PAGE, RESEND, review } from '../server-match.js';
import { NEW_CONTACT, withContactFields } from './contact-fields.js';
import type { EngineDefinition } from './definition.js';

export const addContact: EngineDefinition<'add-contact'> = {
  recordKey: null,
  async send(client, params) {
    const result = await client.addContact(params);
    return { result, serverId: result.contactId };
  },
  overlay: {
    resource: 'contacts',
    created: (entry) => withContactFields({ ...NEW_CONTACT, subaccount: entry.params.password2 !== undefined }, entry.params),
  },
  async reconcile({ client, claimed }, params) {
    const email = params.email?.trim() ?? '';
    const listed = await fetchAll((limitstart, limitnum) => client.getContacts({ ...(email ? { email } : {}), limitstart, limitnum }), {
      operation: 'get-contacts',
      pageSize: PAGE,
      idOf: (contact) => contact.id,
    });
    const same = (a: string | undefined, b: string) => (a ?? '').trim() === b.trim();
    const matches = listed.filter(
      (c) => !claimed.has(c.id) && c.email.trim().toLowerCase() === email.toLowerCase() && same(params.firstname, c.firstName) && same(params.lastname, c.lastName),
    );
    if (matches.length === 0) return RESEND;
    if (matches.length === 1) return { verdict: 'done', result: { contactId: matches[0]!.id }, serverId: matches[0]!.id };
    return review(`${matches.length} contacts have this e-mail and name (${ids(matches)}); which one is this entry's cannot be told`);
  },
};
