/**
 * Every resource's engine descriptor, one module each: the single source the mirror (tables, columns, lists,
 * search), the sync (PULLERS) and the schema test (tests/unit/resource-tables.test.ts, against the
 * migrations) read. A resource or a part missing here fails to compile.
 */
import type { ResourceName } from '../../../shared/records.js';
import { announcements } from './announcements.js';
import { catalogue } from './catalogue.js';
import { client } from './client.js';
import { contacts } from './contacts.js';
import type { EngineResource } from './descriptor.js';
import { departments } from './departments.js';
import { domains } from './domains.js';
import { invoices } from './invoices.js';
import { orders } from './orders.js';
import { services } from './services.js';
import { tickets } from './tickets.js';
import { transactions } from './transactions.js';

export const RESOURCES = {
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
} satisfies { [R in ResourceName]: EngineResource<R> };

export type { EngineResource, PullSource } from './descriptor.js';
