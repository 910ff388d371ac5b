/** domain-request-epp: idempotent (asking again does no harm), keyed by the domain's id or its name. */
import { resendAlways } from '../server-match.js';
import type { EngineDefinition } from './definition.js';

export const domainRequestEpp: EngineDefinition<'domain-request-epp'> = {
  recordKey: (params) => (params.domainid !== undefined ? `domain:${String(params.domainid)}` : `domain:${String(params.domainname).toLowerCase()}`),
  async send(client, { domainid, domainname }) {
    const target = domainid !== undefined ? { domainid } : { domainname: domainname! };
    return { result: await client.domainRequestEpp(target), serverId: null };
  },
  overlay: { resource: 'domains' },
  reconcile: resendAlways,
};
