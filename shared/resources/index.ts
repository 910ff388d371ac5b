/**
 * Every resource's shared descriptor, one module each: what the renderer draws a resource's table and detail
 * pane from, what an export names, and whether queued edits show over its rows. A resource missing here
 * fails to compile; tests/unit/resource-fields.test.ts checks the names of sorts and filters against the
 * engine's half.
 */
import { RESOURCE_NAMES, type ResourceName } from '../records.js';
import type { LinkTarget, ResourceView } from '../resource-fields.js';
import { announcements } from './announcements.js';
import { catalogue } from './catalogue.js';
import { client } from './client.js';
import { contacts } from './contacts.js';
import type { SharedResourceDescriptor } from './descriptor.js';
import { departments } from './departments.js';
import { domains } from './domains.js';
import { invoices } from './invoices.js';
import { orders } from './orders.js';
import { services } from './services.js';
import { tickets } from './tickets.js';
import { transactions } from './transactions.js';

export const RESOURCE_DESCRIPTORS = {
  services,
  domains,
  orders,
  transactions,
  contacts,
  tickets,
  announcements,
  departments,
  client,
  catalogue,
  invoices,
} satisfies { [R in ResourceName]: SharedResourceDescriptor<R> };

/** The list screens and detail panes, by resource (every resource but the client has one). */
export const RESOURCE_VIEWS = Object.fromEntries(
  RESOURCE_NAMES.flatMap((resource) => {
    const view: ResourceView | null = RESOURCE_DESCRIPTORS[resource].view;
    return view ? [[resource, view]] : [];
  }),
) as Record<LinkTarget, ResourceView>;

/** The resources whose descriptor says the outbox's pending edits show over their rows. */
export type OverlaidResource = {
  [R in ResourceName]: (typeof RESOURCE_DESCRIPTORS)[R]['overlaid'] extends true ? R : never;
}[ResourceName];

export function isOverlaid(resource: ResourceName): resource is OverlaidResource {
  return RESOURCE_DESCRIPTORS[resource].overlaid;
}

export type { SharedResourceDescriptor } from './descriptor.js';
