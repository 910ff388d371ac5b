/**
 * The naive baseline, the way a first version would do it: one page of 25 after another, one INSERT per row
 * into a table per resource (id + JSON text), each in its own implicit transaction, SQLite's defaults
 * (rollback journal, synchronous=FULL). Each resource is read up to `rowsPerResource` rows (null: all of it);
 * the parent extrapolates from what was measured.
 */
import Database from 'better-sqlite3';
import { createHttp } from '../../../electron/core/api/http.js';
import type { ResellerClient } from '../../../electron/core/api/index.js';
import { SYNCED_RESOURCES, type SyncedResource } from '../../../electron/core/mirror/index.js';
import type { Page } from '../../../shared/models.js';
import { sandboxClient } from '../account.js';
import type { JobOf, NaiveFigures, NaiveResourceFigures } from '../jobs.js';
import { Traffic } from '../traffic.js';

const PAGE_SIZE = 25;

type Store = (rows: Array<[id: number, record: unknown]>) => void;
/** Reads one resource up to `cap` rows, storing each page as it arrives; resolves with the resource's total. */
type Reader = (client: ResellerClient, cap: number, store: Store) => Promise<number>;

const paged =
  <T extends { id: number }>(fetch: (client: ResellerClient, page: { limitstart: number; limitnum: number }) => Promise<Page<T>>): Reader =>
  async (client, cap, store) => {
    let total = Number.POSITIVE_INFINITY;
    for (let start = 0; start < Math.min(total, cap); start += PAGE_SIZE) {
      const page = await fetch(client, { limitstart: start, limitnum: PAGE_SIZE });
      total = page.total;
      if (page.items.length === 0) break;
      store(page.items.map((item) => [item.id, item]));
    }
    return Number.isFinite(total) ? total : 0;
  };

const READERS: { [R in SyncedResource]: Reader } = {
  client: async (client, _cap, store) => {
    const details = await client.getClientsDetails({ stats: true });
    store([[details.client.userId, details]]);
    return 1;
  },
  departments: async (client, _cap, store) => {
    const { items } = await client.getSupportDepartments();
    store(items.map((department) => [department.id, department]));
    return items.length;
  },
  tickets: paged((client, page) => client.getTickets(page)),
  services: paged((client, page) => client.getClientsProducts(page)),
  domains: paged((client, page) => client.getClientsDomains(page)),
  orders: paged((client, page) => client.getOrders(page)),
  transactions: paged((client, page) => client.getTransactions(page)),
  contacts: paged((client, page) => client.getContacts(page)),
  announcements: paged((client, page) => client.getAnnouncements(page)),
  catalogue: async (client, cap, store) => {
    const { items: products } = await client.getProducts();
    for (const product of products.slice(0, cap)) {
      const addons = await client.getProductAddons({ pid: product.pid });
      const options = await client.getProductConfigoptions({ pid: product.pid });
      store([[product.pid, { ...product, addons: addons.items, configOptions: options.items }]]);
    }
    return products.length;
  },
};

export async function measureNaive(job: JobOf<'naive'>): Promise<NaiveFigures> {
  const db = new Database(job.dbPath);
  const http = createHttp();
  const traffic = new Traffic(http);
  const client = await sandboxClient(job.sandbox, http);
  const cap = job.rowsPerResource ?? Number.POSITIVE_INFINITY;
  const resources: NaiveResourceFigures[] = [];
  try {
    for (const resource of SYNCED_RESOURCES) {
      db.exec(`CREATE TABLE ${resource} (id INTEGER PRIMARY KEY, json TEXT NOT NULL)`);
      const insert = db.prepare(`INSERT OR REPLACE INTO ${resource} (id, json) VALUES (?, ?)`);
      let rows = 0;
      const before = { requests: traffic.requests, bytes: traffic.bytes };
      const started = performance.now();
      const totalRows = await READERS[resource](client, cap, (page) => {
        for (const [id, record] of page) insert.run(id, JSON.stringify(record));
        rows += page.length;
      });
      resources.push({
        resource,
        rows,
        totalRows,
        wallMs: performance.now() - started,
        requests: traffic.requests - before.requests,
        bytes: traffic.bytes - before.bytes,
      });
    }
    return { resources };
  } finally {
    db.close();
  }
}
