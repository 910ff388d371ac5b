/**
 * Every API operation with the facts the client needs about it: which base URL publishes it, whether it is
 * a read (safe to retry) or a write (never retried automatically), and which own-id parameter the spec saw in
 * its requests (Common rules 7).
 */

export type OperationName =
  | 'get-clients-products'
  | 'get-products'
  | 'get-filtered-products'
  | 'get-product-addons'
  | 'get-product-configoptions'
  | 'get-transactions'
  | 'get-clients-domains'
  | 'whois'
  | 'get-orders'
  | 'add-order'
  | 'get-contacts'
  | 'add-contact'
  | 'update-contact'
  | 'delete-contact'
  | 'get-announcements'
  | 'get-support-departments'
  | 'open-ticket'
  | 'get-tickets'
  | 'add-ticket-reply'
  | 'domain-request-epp'
  | 'get-clients-details'
  | 'whois-info'
  | 'create-invoice';

export interface OperationSpec {
  host: 'base' | 'alt';
  /**
   * Writes change provider state; a lost reply leaves their outcome unknown, so only the outbox may decide
   * to resend. domain-request-epp counts as a write: it may make the registrar e-mail the client.
   */
  write: boolean;
  /**
   * The own-id parameter sent with every request (learned first when not yet known): seen in requests by the
   * spec (Common rules 7), and required upstream by add-order (clientid) and create-invoice (userid).
   */
  ownId: 'clientid' | 'userid' | null;
  /** open-ticket, add-ticket-reply: written in someone else's name (name + email) they carry no own id. */
  namedAuthor?: boolean;
  /** whois-info answers with plain text. */
  reply: 'json' | 'text';
}

const read = (ownId: OperationSpec['ownId'] = null, host: OperationSpec['host'] = 'base'): OperationSpec => ({
  host,
  write: false,
  ownId,
  reply: 'json',
});
const write = (ownId: OperationSpec['ownId'] = null, host: OperationSpec['host'] = 'base'): OperationSpec => ({
  host,
  write: true,
  ownId,
  reply: 'json',
});

export const OPERATIONS: Record<OperationName, OperationSpec> = {
  'get-clients-products': read('clientid'),
  'get-products': read(),
  'get-filtered-products': read(),
  'get-product-addons': read(),
  'get-product-configoptions': read(),
  'get-transactions': read('clientid', 'alt'),
  'get-clients-domains': read('clientid'),
  whois: read(),
  'get-orders': read(),
  'add-order': write('clientid'),
  'get-contacts': read('userid'),
  'add-contact': write('clientid'),
  'update-contact': write(null, 'alt'),
  'delete-contact': write('clientid'),
  'get-announcements': read(),
  'get-support-departments': read(null, 'alt'),
  'open-ticket': { ...write('clientid'), namedAuthor: true },
  'get-tickets': read(null, 'alt'),
  'add-ticket-reply': { ...write('clientid'), namedAuthor: true },
  'domain-request-epp': write(),
  'get-clients-details': read('clientid'),
  'whois-info': { ...read(), reply: 'text' },
  'create-invoice': write('userid'),
};
