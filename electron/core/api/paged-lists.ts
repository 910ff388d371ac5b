/**
 * The paged lists a sync reads in full, each with the decoder of its replies, and the decoding of a page
 * whose bytes were handed on undecoded (ResellerClient.readListPage): the thread that writes the records
 * decodes them, and the thread that pages through the list reads only the envelope.
 */
import type { Page } from '../../../shared/models.js';
import * as decode from './list-decoders.js';
import { protocolError } from './errors.js';
import { parseReplyJson } from './reply-json.js';
import { isWireObject } from './wire-shape.js';

export const PAGED_LISTS = {
  'get-tickets': decode.decodeTickets,
  'get-clients-products': decode.decodeClientsProducts,
  'get-clients-domains': decode.decodeClientsDomains,
  'get-orders': decode.decodeOrders,
  'get-transactions': decode.decodeTransactions,
  'get-contacts': decode.decodeContacts,
  'get-announcements': decode.decodeAnnouncements,
} as const;

export type PagedListOperation = keyof typeof PAGED_LISTS;
export type PagedListRecord<K extends PagedListOperation> = ReturnType<(typeof PAGED_LISTS)[K]>['items'][number];

/** A page as readListPage gives it: undecoded bytes with their envelope's counters, or decoded already. */
export type ListPageReply<T> = ListPageBytes | { kind: 'page'; page: Page<T> };
export interface ListPageBytes {
  kind: 'bytes';
  bytes: Buffer;
  total: number;
  /** startnumber; null when the envelope does not say. */
  start: number | null;
  returned: number;
}

/**
 * The records of a page handed on as bytes. The whole reply is read now, so whatever the envelope's quick
 * read could not see (a `result` or a counter repeated further on) is caught here: the full reading must
 * agree with the counters the list was paged by.
 */
export function decodeListPageBytes<K extends PagedListOperation>(
  operation: K,
  bytes: Buffer,
  counters: { total: number; returned: number },
): PagedListRecord<K>[] {
  const body = parseReplyJson(bytes);
  if (!isWireObject(body)) throw protocolError(operation, null, 'reply is not a JSON object');
  if (body.result !== 'success') throw protocolError(operation, 'result', `expected 'success', got ${JSON.stringify(body.result)}`);
  const page = PAGED_LISTS[operation](body) as Page<PagedListRecord<K>>;
  if (page.total !== counters.total || page.returned !== counters.returned) {
    throw protocolError(operation, 'numreturned', `the reply reads ${page.returned} of ${page.total} rows in full, ${counters.returned} of ${counters.total} at first`);
  }
  return page.items;
}
