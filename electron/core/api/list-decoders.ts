/**
 * Decoders of the paged list operations: reply body (either list shape) → a Page of shared/models.ts records.
 * Apart from the other operations' decoders (decoders.ts) because the sync's writer thread decodes list pages
 * and loads what this module imports: it keeps zod and entities out of that thread.
 */
import type {
  Announcement,
  CatalogueProduct,
  ConfigOption,
  Contact,
  Department,
  Domain,
  ListedTicket,
  Order,
  Page,
  ProductAddon,
  Service,
  Ticket,
  Transaction,
} from '../../../shared/models.js';
import { protocolError } from './errors.js';
import { parseOrThrow, record, type Decode } from './decoding.js';
import * as records from './record-decoders.js';
import { readList, unflatten, type WireObject } from './wire-shape.js';
import { optInt } from './wire-values.js';

/** Paging counters: numbers or strings, any of them may be missing. */
const counters = record({ total: ['totalresults', optInt], start: ['startnumber', optInt], returned: ['numreturned', optInt] });

/**
 * A list reply as a Page. `numreturned`, when sent, must match the rows found (a cut-off flattened list
 * would otherwise pass silently); `totalresults` defaults to what came back.
 */
function decodePage<T>(
  operation: string,
  body: WireObject,
  path: [wrapper: string, item: string],
  decodeRow: Decode<T>,
): Page<T> {
  const folded = unflatten(body);
  const meta = parseOrThrow(operation, '', counters, folded);
  // No list at all reads as empty only where the counters say so (a flattened empty list has no keys): a
  // reply that lost its list must not empty the mirror.
  const listed = path[0] in folded || (meta.total === 0 && (meta.returned ?? 0) === 0) || (meta.total === null && meta.returned === 0);
  if (!listed) throw protocolError(operation, path[0], `no list of '${path[1]}' in the reply, though it does not say it has no rows`);
  const rows = readList(folded, path);
  const where = `${path[0]}.${path[1]}`;
  if (rows === null) throw protocolError(operation, path[0], `expected a list of '${path[1]}'`);
  const items = rows.map((row, i) => parseOrThrow(operation, `${where}[${i}]`, decodeRow, row));
  if (meta.returned !== null && meta.returned !== items.length) {
    throw protocolError(operation, 'numreturned', `says ${meta.returned} rows, reply holds ${items.length}`);
  }
  return {
    items,
    total: meta.total ?? items.length,
    start: meta.start,
    returned: items.length,
  };
}

/** Decodes one list operation's replies. */
type ListDecoder<T> = (body: WireObject) => Page<T>;

function listDecoder<T>(operation: string, wrapper: string, item: string, decodeRow: Decode<T>): ListDecoder<T> {
  return (body) => decodePage(operation, body, [wrapper, item], decodeRow);
}

export const decodeClientsProducts: ListDecoder<Service> =
  listDecoder('get-clients-products', 'products', 'product', records.service);
export const decodeClientsDomains: ListDecoder<Domain> =
  listDecoder('get-clients-domains', 'domains', 'domain', records.domain);
export const decodeOrders: ListDecoder<Order> =
  listDecoder('get-orders', 'orders', 'order', records.order);
export const decodeTransactions: ListDecoder<Transaction> =
  listDecoder('get-transactions', 'transactions', 'transaction', records.transaction);
export const decodeContacts: ListDecoder<Contact> =
  listDecoder('get-contacts', 'contacts', 'contact', records.contact);
export const decodeAnnouncements: ListDecoder<Announcement> =
  listDecoder('get-announcements', 'announcements', 'announcement', records.announcement);
export const decodeSupportDepartments: ListDecoder<Department> =
  listDecoder('get-support-departments', 'departments', 'department', records.department);
/** Tickets as the mirror keeps them (a sync's pages), without their access codes. */
export const decodeTickets: ListDecoder<Ticket> =
  listDecoder('get-tickets', 'tickets', 'ticket', records.ticket);
/** Tickets with their access codes (ResellerClient.getTickets: the reconciliation of a lost open-ticket). */
export const decodeListedTickets: ListDecoder<ListedTicket> =
  listDecoder('get-tickets', 'tickets', 'ticket', records.listedTicket);
export const decodeProductAddons: ListDecoder<ProductAddon> =
  listDecoder('get-product-addons', 'addons', 'addon', records.productAddon);
export const decodeProductConfigoptions: ListDecoder<ConfigOption> =
  listDecoder('get-product-configoptions', 'configoptions', 'configoption', records.configOption);

/** The catalogue's two product lists share one reply shape. */
export const decodeCatalogueProducts = (operation: 'get-products' | 'get-filtered-products', body: WireObject): Page<CatalogueProduct> =>
  decodePage(operation, body, ['products', 'product'], records.catalogueProduct);
