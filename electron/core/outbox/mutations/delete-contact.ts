/** delete-contact: idempotent; a contact the provider no longer knows is deleted already, which is what was wanted. */
import { ApiError } from '../../api/errors.js';
import { resendAlways } from '../server-match.js';
import { serverId } from '../server-ids.js';
import type { EngineDefinition } from './definition.js';
import { contactDeleteFreshness } from './contact-freshness.js';

export const deleteContact: EngineDefinition<'delete-contact'> = {
  recordKey: (params) => `contact:${String(params.contactid)}`,
  async send(client, params) {
    const contactid = serverId(params.contactid);
    try {
      return { result: await client.deleteContact({ contactid }), serverId: null };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'rejected' && /contact id not found/i.test(error.message)) {
        return { result: { contactId: contactid, alreadyDeleted: true }, serverId: null };
      }
      throw error;
    }
  },
  overlay: { resource: 'contacts', deletes: true },
  reconcile: resendAlways,
  freshness: contactDeleteFreshness,
};
