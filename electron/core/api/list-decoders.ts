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
  Order,
  Page,
  ProductAddon,
  Service,
  Ticket,
  Transaction,
} from '../../../shared/models.js';
import { protocolError } from './errors.js';
import { parseOrThrow, record, type Decode } from './record.js';
import * as records from './records.js';
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
  const rows = readList(folded, path);
  const where = `${path[0]}.${path[1]}`;
  if (rows === null) throw protocolError(operation, path[0], `expected a list of '${path[1]}'`);
  const items = rows.map((row, i) => parseOrThrow(operation, `${where}[${i}]`, decodeRow, row));
  const meta = parseOrThrow(operation, '', counters, folded);
  if (meta.returned !== null && meta.returned !== items.length) {
    throw protocolError(operation, 'numreturned', `says ${meta.returned} rows, reply holds ${items.length}`);
  }
  return {
    items,
    total: meta.total ?? items.length,
    start: meta.start ?? 0,
    returned: items.length,
  };
}

export const decodeClientsProducts = (body: WireObject): Page<Service> =>
  decodePage('get-clients-products', body, ['products', 'product'], records.service);

export const decodeClientsDomains = (body: WireObject): Page<Domain> =>
  decodePage('get-clients-domains', body, ['domains', 'domain'], records.domain);

export const decodeOrders = (body: WireObject): Page<Order> =>
  decodePage('get-orders', body, ['orders', 'order'], records.order);

export const decodeTransactions = (body: WireObject): Page<Transaction> =>
  decodePage('get-transactions', body, ['transactions', 'transaction'], records.transaction);

export const decodeContacts = (body: WireObject): Page<Contact> =>
  decodePage('get-contacts', body, ['contacts', 'contact'], records.contact);

export const decodeAnnouncements = (body: WireObject): Page<Announcement> =>
  decodePage('get-announcements', body, ['announcements', 'announcement'], records.announcement);

export const decodeSupportDepartments = (body: WireObject): Page<Department> =>
  decodePage('get-support-departments', body, ['departments', 'department'], records.department);

export const decodeTickets = (body: WireObject): Page<Ticket> =>
  decodePage('get-tickets', body, ['tickets', 'ticket'], records.ticket);

export const decodeCatalogueProducts = (operation: 'get-products' | 'get-filtered-products', body: WireObject): Page<CatalogueProduct> =>
  decodePage(operation, body, ['products', 'product'], records.catalogueProduct);

export const decodeProductAddons = (body: WireObject): Page<ProductAddon> =>
  decodePage('get-product-addons', body, ['addons', 'addon'], records.productAddon);

export const decodeProductConfigoptions = (body: WireObject): Page<ConfigOption> =>
  decodePage('get-product-configoptions', body, ['configoptions', 'configoption'], records.configOption);

