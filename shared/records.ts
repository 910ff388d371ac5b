/**
 * What the mirror stores, per resource: the typed records of shared/models.ts, plus two shapes of its own
 * (a catalogue product with its add-ons and options, and an invoice the user created through the app); and
 * what it records about syncs. Plain types and constants only, so front ends can share them.
 */
import type {
  Announcement,
  CatalogueProduct,
  ClientDetailsResult,
  ConfigOption,
  Contact,
  Department,
  Domain,
  Invoice,
  Order,
  ProductAddon,
  Service,
  Ticket,
  Transaction,
} from './models.js';

/** A catalogue product as the mirror keeps it: get-products joined with its add-ons and configurable options. */
export interface CatalogueEntry extends CatalogueProduct {
  addons: ProductAddon[];
  configOptions: ConfigOption[];
}

export interface ResourceRecords {
  services: Service;
  domains: Domain;
  orders: Order;
  transactions: Transaction;
  contacts: Contact;
  tickets: Ticket;
  announcements: Announcement;
  departments: Department;
  /** One row: the account's details and stats. */
  client: ClientDetailsResult;
  catalogue: CatalogueEntry;
  /** Local only: never synced, never removed by a snapshot. */
  invoices: Invoice;
}

export type ResourceName = keyof ResourceRecords;
export type SyncedResource = Exclude<ResourceName, 'invoices'>;

/** Every resource a sync pulls, in the order a sync pulls them (client first: it teaches the client id). */
export const SYNCED_RESOURCES = [
  'client',
  'departments',
  'tickets',
  'services',
  'domains',
  'orders',
  'transactions',
  'contacts',
  'announcements',
  'catalogue',
] as const satisfies readonly SyncedResource[];

export const RESOURCE_NAMES: readonly ResourceName[] = [...SYNCED_RESOURCES, 'invoices'];

/** What a snapshot changed, with the stored record before and the server's record after. */
export interface ChangeSet<T> {
  resource: ResourceName;
  added: T[];
  changed: { before: T; after: T }[];
  removed: T[];
}

export interface SyncState {
  resource: SyncedResource;
  /** ISO 8601; null until the first successful sync. */
  lastSyncedAt: string | null;
  rowCount: number;
  /** The last failure's message; cleared by the next success. */
  lastError: string | null;
  lastErrorAt: string | null;
}

export type SyncRunOutcome = 'running' | 'ok' | 'partial' | 'failed' | 'cancelled' | 'interrupted';

export interface SyncRunRecord {
  id: number;
  trigger: string;
  startedAt: string;
  finishedAt: string | null;
  outcome: SyncRunOutcome;
  /** What the sync module recorded (its summary), parsed; null while running. */
  summary: unknown;
}
