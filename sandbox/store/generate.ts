/**
 * Seeds an empty database with a complete, deterministic provider state: same seed, preset, sizes and
 * "today" give byte-identical data. Everything is written in one transaction.
 */
import type Database from 'better-sqlite3';
import type { SandboxOptions } from '../options.js';
import { buildAnnouncements } from './announcements.js';
import { buildBilling } from './billing.js';
import { parseDay, SECONDS_PER_DAY } from './calendar.js';
import { buildCatalogue, type Catalogue } from './catalogue.js';
import { buildClient } from './clients.js';
import { buildContacts } from './contacts.js';
import type { AccountContext, AccountData, Identified, UniqueValues } from './model.js';
import { buildHoldings } from './orders.js';
import { Rng } from './rng.js';
import { writeSales } from './sales.js';
import { SCHEMA_VERSION } from './schema.js';
import { resolveSizes, type AccountSize } from './sizes.js';
import { buildTickets } from './tickets.js';
import { Writer } from './writer.js';

/** Bumped whenever the generated data changes for the same inputs. */
const GENERATOR_VERSION = 2;

type SeedOptions = Pick<SandboxOptions, 'seed' | 'preset' | 'size' | 'today'>;

export function seedDatabase(db: Database.Database, options: SeedOptions): void {
  const today = parseDay(options.today);
  const sizes = resolveSizes(options.preset, options.size);
  const root = new Rng(options.seed);
  const catalogue = buildCatalogue(root.fork('catalogue'), sizes.products);
  const unique: UniqueValues = {
    domainNames: new Set(), serviceUsernames: new Set(), ordernums: new Set(), ticketNumbers: new Set(),
  };
  const ids = new IdSequences();
  const writer = new Writer(db);
  db.transaction(() => {
    writeMeta(writer, options);
    writer.catalogue(catalogue);
    for (const row of buildAnnouncements(root.fork('announcements'), catalogue, today, sizes.announcements)) {
      writer.insert('announcements', row);
    }
    for (let n = 1; n <= sizes.accounts; n++) {
      const client = buildClient(root.fork(`client-${n}`), n, today);
      writer.insert('clients', client.row);
      const ctx: AccountContext = {
        rng: root.fork(`account-${n}`), today, latestMoment: today * SECONDS_PER_DAY - 60, client: client.profile, unique,
      };
      const data = buildAccount(ctx, catalogue, sizes.forAccount(n));
      assignIds(data, ids);
      writer.account(n, data);
      writeSales(writer, root.fork(`sales-${n}`), { n, userid: n, today });
    }
  })();
}

function writeMeta(writer: Writer, options: SeedOptions): void {
  const entries: [string, string][] = [
    ['schema_version', String(SCHEMA_VERSION)],
    ['generator_version', String(GENERATOR_VERSION)],
    ['seed', String(options.seed)],
    ['preset', options.preset],
    ['size', JSON.stringify(options.size)],
    ['today', options.today],
  ];
  for (const [key, value] of entries) writer.insert('meta', { key, value });
}

function buildAccount(ctx: AccountContext, catalogue: Catalogue, size: AccountSize): AccountData {
  const contacts = buildContacts(ctx, size.contacts);
  const holdings = buildHoldings(ctx, catalogue, contacts, size);
  const { invoices, transactions } = buildBilling(ctx, holdings, size.transactions);
  const tickets = buildTickets(ctx, {
    departments: catalogue.departments, contacts, services: holdings.services, domains: holdings.domains,
  }, size.tickets);
  return { contacts, ...holdings, invoices, transactions, tickets };
}

/** Next free id per table; accounts are numbered one after another, so each account's ids are contiguous. */
class IdSequences {
  private readonly next = new Map<string, number>();

  take(table: string): number {
    const id = this.next.get(table) ?? 1;
    this.next.set(table, id + 1);
    return id;
  }
}

/** Ids in date order (ties keep creation order), as the real system hands them out over time. */
function assignIds(data: AccountData, ids: IdSequences): void {
  numberByDate(data.contacts, (c) => c.createdMoment, 'contacts', ids);
  numberByDate(data.services, (s) => s.regDay, 'services', ids);
  numberByDate(data.serviceAddons, (a) => a.regDay, 'service_addons', ids);
  numberByDate(data.domains, (d) => d.regDay, 'domains', ids);
  numberByDate(data.orders, (o) => o.moment, 'orders', ids);
  numberByDate(data.invoices, (i) => i.day, 'invoices', ids);
  numberByDate(data.transactions, (t) => t.moment, 'transactions', ids);
  numberByDate(data.tickets, (t) => t.moment, 'tickets', ids);
  numberByDate(data.tickets.flatMap((t) => t.replies), (r) => r.moment, 'ticket_replies', ids);
}

/** Sorts records by date (in place) and numbers them in that order. */
function numberByDate<T extends Identified>(records: T[], dateOf: (record: T) => number, table: string, ids: IdSequences): void {
  records.sort((a, b) => dateOf(a) - dateOf(b));
  for (const record of records) record.id = ids.take(table);
}
