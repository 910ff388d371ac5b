/**
 * Fresh before sending (issue 34): before entries leave, what the provider holds now of the records they
 * touch, read in one pass per resource for all of them (not one request per entry): the whole contact list
 * (get-contacts filters by field values, not by id), the whole ticket list, the pending orders (get-orders'
 * `status` filter) and the domains by name (get-clients-domains' `domain` filter for a few, the whole list for
 * more). The API has no conditional write, so this read is as close to the send as the engine can get: see
 * docs/outbox.md, "When the provider changed meanwhile".
 */
import { fetchAll } from '../api/paging.js';
import type { EntryBase } from '../../../shared/outbox/conflict.js';
import type { EntryRow } from './entry-row.js';
import { contactFieldValues, domainNow, pendingRenewalsOf, type ProviderState } from './provider-state.js';
import { PAGE } from './server-match.js';
import type { OutboxClient } from './send.js';

/** Up to this many domain names are read one by one with the name filter; more, as the whole list. */
const DOMAINS_BY_NAME = 5;

/** What a set of entries needs read of the provider. */
export interface Needs {
  contacts: boolean;
  tickets: boolean;
  domains: Set<string>;
  pendingOrders: boolean;
}

export function needsOf(rows: readonly EntryRow[]): Needs {
  const needs: Needs = { contacts: false, tickets: false, domains: new Set(), pendingOrders: false };
  for (const row of rows) {
    if (row.base === null) continue;
    const base = JSON.parse(row.base) as EntryBase;
    if (base.of === 'contact') needs.contacts = true;
    else if (base.of === 'ticket') needs.tickets = true;
    else {
      for (const name of [...Object.keys(base.renewals), ...base.names]) needs.domains.add(name.toLowerCase());
      if (Object.keys(base.renewals).length > 0) needs.pendingOrders = true;
    }
  }
  return needs;
}

export function needsNothing(needs: Needs): boolean {
  return !needs.contacts && !needs.tickets && needs.domains.size === 0 && !needs.pendingOrders;
}

/** Reads what `needs` asks of the provider, each resource once. ApiErrors pass through for the replayer to judge. */
export async function readProvider(client: OutboxClient, needs: Needs, now: number): Promise<ProviderState> {
  const state: ProviderState = { readAt: now };
  const reads: Promise<void>[] = [];
  if (needs.contacts) {
    reads.push(
      fetchAll((limitstart, limitnum) => client.getContacts({ limitstart, limitnum }), { operation: 'get-contacts', pageSize: PAGE, idOf: (c) => c.id }).then((contacts) => {
        state.contacts = new Map(contacts.map((c) => [c.id, { updatedAt: c.updatedAt, fields: contactFieldValues(c) }]));
      }),
    );
  }
  if (needs.tickets) {
    reads.push(
      fetchAll((limitstart, limitnum) => client.getTickets({ limitstart, limitnum }), { operation: 'get-tickets', pageSize: PAGE, idOf: (t) => t.id }).then((tickets) => {
        state.tickets = new Map(tickets.map((t) => [t.id, { status: t.status, lastReply: t.lastReply }]));
      }),
    );
  }
  if (needs.domains.size > 0) reads.push(readDomains(client, needs.domains, state));
  if (needs.pendingOrders) {
    reads.push(
      fetchAll((limitstart, limitnum) => client.getOrders({ limitstart, limitnum, status: 'Pending' }), { operation: 'get-orders', pageSize: PAGE, idOf: (o) => o.id }).then(
        (orders) => {
          state.pendingRenewals = pendingRenewalsOf(orders);
        },
      ),
    );
  }
  await Promise.all(reads);
  return state;
}

async function readDomains(client: OutboxClient, names: ReadonlySet<string>, state: ProviderState): Promise<void> {
  const whole = names.size > DOMAINS_BY_NAME;
  const domains = whole
    ? await fetchAll((limitstart, limitnum) => client.getClientsDomains({ limitstart, limitnum }), { operation: 'get-clients-domains', pageSize: PAGE, idOf: (d) => d.id })
    : (await Promise.all([...names].map(async (domain) => (await client.getClientsDomains({ domain })).items))).flat();
  // A name held twice (cancelled, then registered again) is its newest record.
  const byName = new Map<string, ReturnType<typeof domainNow>>();
  for (const domain of [...domains].sort((a, b) => a.id - b.id)) byName.set(domain.domainName.toLowerCase(), domainNow(domain));
  state.domains = byName;
  state.domainsRead = whole ? 'all' : names;
}

/** What `needs` asks that `state` has not read yet. */
export function unread(state: ProviderState, needs: Needs): Needs {
  const read = state.domainsRead;
  return {
    contacts: needs.contacts && state.contacts === undefined,
    tickets: needs.tickets && state.tickets === undefined,
    domains: read === 'all' ? new Set() : new Set([...needs.domains].filter((name) => !read?.has(name))),
    pendingOrders: needs.pendingOrders && state.pendingRenewals === undefined,
  };
}

/** `more`, read later in the same run, added to `state`. */
export function addRead(state: ProviderState, more: ProviderState): void {
  state.contacts ??= more.contacts;
  state.tickets ??= more.tickets;
  state.pendingRenewals ??= more.pendingRenewals;
  if (more.domains) {
    state.domains = new Map([...(state.domains ?? []), ...more.domains]);
    state.domainsRead = more.domainsRead === 'all' || state.domainsRead === 'all' ? 'all' : new Set([...(state.domainsRead ?? []), ...(more.domainsRead ?? [])]);
  }
}
