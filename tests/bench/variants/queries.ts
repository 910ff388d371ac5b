/**
 * What the UI asks of a full mirror: list pages of 100 rows with the filters and sorts of its views, walked
 * with keyset cursors (from the start again when a walk ends), and searches as a user types them (prefixes of
 * domain names, contact names, ticket and order numbers drawn from the data). Each is timed on its own; one
 * unmeasured round first prepares the statements, as the app's first screens would.
 */
import { Mirror, type ListPage } from '../../../electron/core/mirror/index.js';
import type { JobOf, LatencyFigures, QueryFigures } from '../jobs.js';
import { seededRandom } from '../../../shared/random.js';
import { latency } from '../stats.js';

const PAGE_SIZE = 100;

type ListShape = (mirror: Mirror, after: string | null) => ListPage<unknown>;

const LIST_SHAPES: Record<string, ListShape> = {
  'domains expiring within 30 days, by expiry': (mirror, after) =>
    mirror.list('domains', { filters: { expiringWithinDays: 30 }, sort: { field: 'expiryDate' }, limit: PAGE_SIZE, after }),
  'active domains, by name': (mirror, after) =>
    mirror.list('domains', { filters: { status: 'Active' }, sort: { field: 'domainName' }, limit: PAGE_SIZE, after }),
  'active services, by next due date': (mirror, after) =>
    mirror.list('services', { filters: { status: 'Active' }, sort: { field: 'nextDueDate' }, limit: PAGE_SIZE, after }),
  'open tickets, by last reply': (mirror, after) =>
    mirror.list('tickets', {
      filters: { status: ['Open', 'Customer-Reply', 'In Progress', 'On Hold'] },
      sort: { field: 'lastReply', dir: 'desc' },
      limit: PAGE_SIZE,
      after,
    }),
  'answered tickets, by last reply': (mirror, after) =>
    mirror.list('tickets', { filters: { status: 'Answered' }, sort: { field: 'lastReply', dir: 'desc' }, limit: PAGE_SIZE, after }),
  'contacts, by last name': (mirror, after) =>
    mirror.list('contacts', { sort: { field: 'lastName' }, limit: PAGE_SIZE, after }),
  'orders, newest first': (mirror, after) =>
    mirror.list('orders', { sort: { field: 'date', dir: 'desc' }, limit: PAGE_SIZE, after }),
  'unpaid orders, newest first': (mirror, after) =>
    mirror.list('orders', { filters: { paymentStatus: 'Unpaid' }, sort: { field: 'date', dir: 'desc' }, limit: PAGE_SIZE, after }),
  'transactions this year, newest first': (mirror, after) =>
    mirror.list('transactions', { filters: { date: { from: '2026-01-01' } }, sort: { field: 'date', dir: 'desc' }, limit: PAGE_SIZE, after }),
};

type Draw = (values: string[], random: () => number) => string;

const pick = (values: string[], random: () => number) => values[Math.floor(random() * values.length)] ?? '';
/** The first 3 characters or more: what a user has typed when results start to matter. */
const prefix = (value: string, random: () => number) => value.slice(0, 3 + Math.floor(random() * Math.max(1, value.length - 2)));

/** Each kind of search: where its texts come from in the mirror, and how one is drawn from those values. */
const SEARCH_KINDS: Array<[kind: string, sql: string, draw: Draw]> = [
  ['domain name prefix', 'SELECT domain_name FROM domains', (names, random) => prefix(pick(names, random), random)],
  [
    'contact name',
    "SELECT first_name || ' ' || last_name FROM contacts",
    (names, random) => {
      const [first = '', last = ''] = pick(names, random).split(' ');
      const r = random();
      return r < 1 / 3 ? first : r < 2 / 3 ? prefix(last, random) : `${first} ${prefix(last, random)}`;
    },
  ],
  ['ticket number', 'SELECT tid FROM tickets', (tids, random) => prefix(pick(tids, random), random)],
  ['order number', 'SELECT order_num FROM orders', (nums, random) => prefix(pick(nums, random), random)],
];

export function measureQueries(job: JobOf<'queries'>): QueryFigures {
  const mirror = Mirror.open(job.mirrorPath, { today: () => job.today });
  try {
    const listSamples = timeLists(mirror, job.listPages);
    const searchSamples = timeSearches(mirror, searchTexts(mirror, job.searches));
    return {
      list: latency([...listSamples.values()].flat()),
      search: latency([...searchSamples.values()].flat()),
      listByShape: figuresOf(listSamples),
      searchByKind: figuresOf(searchSamples),
    };
  } finally {
    mirror.dispose();
  }
}

/** Round robin over the shapes, one page each, until `pages` pages are timed. */
function timeLists(mirror: Mirror, pages: number): Map<string, number[]> {
  const shapes = Object.entries(LIST_SHAPES);
  const cursors = new Map<string, string | null>(shapes.map(([name]) => [name, null]));
  for (const [, shape] of shapes) shape(mirror, null);
  const samples = new Map<string, number[]>(shapes.map(([name]) => [name, []]));
  for (let n = 0; n < pages; n++) {
    const [name, shape] = shapes[n % shapes.length]!;
    const started = performance.now();
    const page = shape(mirror, cursors.get(name) ?? null);
    samples.get(name)!.push(performance.now() - started);
    cursors.set(name, page.nextCursor);
  }
  return samples;
}

/** `count` search texts drawn from the mirror's own data, the kinds interleaved. */
function searchTexts(mirror: Mirror, count: number): Array<[kind: string, text: string]> {
  const random = seededRandom(20261122);
  const values = SEARCH_KINDS.map(([, sql]) => mirror.db.prepare(sql).pluck().all() as string[]);
  return Array.from({ length: count }, (_, n) => {
    const index = n % SEARCH_KINDS.length;
    const [kind, , draw] = SEARCH_KINDS[index]!;
    return [kind, draw(values[index]!, random)];
  });
}

function timeSearches(mirror: Mirror, texts: Array<[kind: string, text: string]>): Map<string, number[]> {
  const samples = new Map<string, number[]>(SEARCH_KINDS.map(([kind]) => [kind, []]));
  for (const [, text] of texts.slice(0, SEARCH_KINDS.length)) mirror.search(text);
  for (const [kind, text] of texts) {
    const started = performance.now();
    mirror.search(text);
    samples.get(kind)!.push(performance.now() - started);
  }
  return samples;
}

function figuresOf(samples: Map<string, number[]>): Record<string, LatencyFigures> {
  return Object.fromEntries([...samples].map(([name, values]) => [name, latency(values)]));
}
