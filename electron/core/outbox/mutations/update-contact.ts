/** update-contact: idempotent, so a lost reply is simply sent again. */
import { resendAlways } from '../server-match.js';
import { serverId } from '../server-ids.js';
import { withContactFields } from './contact-fields.js';
import type { EngineDefinition } from './definition.js';
import { contactEditFreshness } from './contact-freshness.js';

export const updateContact: EngineDefinition<'update-contact'> = {
  recordKey: (params) => `contact:${String(params.contactid)}`,
  async send(client, params) {
    return { result: await client.updateContact({ ...params, contactid: serverId(params.contactid) }), serverId: null };
  },
  overlay: { resource: 'contacts', edited: (row, entry) => withContactFields(row, entry.params) },
  reconcile: resendAlways,
  freshness: contactEditFreshness,
};
