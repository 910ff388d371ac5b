/**
 * A list's filters and text filter as a test of one record in JS, answering as the list's SQL does (the same
 * Conditions of filters.ts, the same search words and terms), for records that are not rows of the mirror as
 * stored: queued creates, and mirror rows with pending edits laid over them. Where SQLite's rules matter they
 * are followed: NULL matches nothing, a column's affinity converts the value compared with it, text compares by
 * UTF-8 bytes (ASCII case folded on NOCASE columns), and the search index's tokenizers (trigram with
 * remove_diacritics 1, and unicode61 with remove_diacritics 2) are reproduced for Latin, Greek, Cyrillic and the
 * like. Unit tests hold JS and SQL to the
 * same answers.
 */
import type { ResourceName, ResourceRecords } from '../../../shared/records.js';
import type { SearchHeading, SqlValue } from './descriptor.js';
import type { Condition } from './filters.js';
import { listConditions, type ListQuery } from './list-query.js';
import { descriptorOf } from './resources.js';
import { searchText, trigramDocument } from './search-index.js';
import { searchWords, wordMatch, type WordMatch } from './search-query.js';

/** A record as the resource's descriptor reads it (its id aside: no column or search term reads the id). */
type RecordLike = object;
export type RecordTest = (record: RecordLike) => boolean;

/**
 * A record given with its resource, as the resource's descriptor takes it: the caller's records are that
 * resource's (a queued create's fields, a mirror row with edits laid over), which the compiler cannot follow
 * from a resource name known only at run time.
 */
const recordOf = (record: RecordLike) => record as ResourceRecords[ResourceName];

/**
 * Text columns the schema declares COLLATE NOCASE (migrations/001), by `table.column`: `=` on them ignores ASCII
 * case. The agreement tests try every equals and child filter with a value in other case.
 */
const NOCASE = new Set([
  'services.name', 'services.domain', 'domains.domain_name', 'order_line_items.domain', 'contacts.first_name',
  'contacts.last_name', 'contacts.company_name', 'contacts.email', 'tickets.subject', 'announcements.title',
  'departments.name', 'catalogue.name',
]);

/** The test of a list's filters and text; null when they take every record. Throws as the list does on a bad filter. */
export function recordFilter<R extends ResourceName>(
  resource: R,
  query: Pick<ListQuery<R>, 'filters' | 'text'>,
  today: string,
): RecordTest | null {
  const { filters, words } = listConditions(resource, query, today);
  const tests = filters.map((condition) => conditionTest(resource, condition));
  if (words.length > 0) tests.push(textTest(resource, words));
  if (tests.length === 0) return null;
  return (record) => tests.every((test) => test(record));
}

/** How search shows a record when `text` finds it; null when it does not (or the resource is not searchable). */
export function recordSearchHeading(resource: ResourceName, record: RecordLike, text: string): SearchHeading | null {
  const search = descriptorOf(resource).search;
  const words = searchWords(text);
  if (!search || words.length === 0) return null;
  const found = textTest(resource, words)(record);
  return found ? headingFoundBy(resource, record, words) : null;
}

/**
 * A found record's heading, with the field it was found by when the heading does not show it: a contact found by
 * its city says "city: Reggio Emilia" (as a `field` detail, worded by a front end). A field one of the words
 * matches as the search does (textTest), each once.
 */
export function headingFoundBy(resource: ResourceName, record: RecordLike, words: readonly string[]): SearchHeading {
  const search = descriptorOf(resource).search;
  if (!search) throw new Error(`${resource} cannot be searched`);
  const heading = search.heading(recordOf(record));
  const unshown = Object.entries(search.unshown?.(recordOf(record)) ?? {}).flatMap(([field, value]) => (value ? [{ field, value }] : []));
  const matches = words.map(wordMatch);
  const foundBy = unshown.filter(({ value }) => matches.some(matchesIn(value)));
  return { ...heading, details: [...heading.details, ...foundBy.map(({ field, value }) => ({ kind: 'field' as const, field, value }))] };
}

function conditionTest(resource: ResourceName, condition: Condition): RecordTest {
  const descriptor = descriptorOf(resource);
  switch (condition.kind) {
    case 'oneOf': {
      const { column, values } = condition;
      const cell = columnOf(resource, column);
      const nocase = NOCASE.has(`${descriptor.table}.${column}`);
      return (record) => values.some((value) => compare(cell(record), value, nocase) === 0);
    }
    case 'range': {
      const { column, from, to, below } = condition;
      const cell = columnOf(resource, column);
      const nocase = NOCASE.has(`${descriptor.table}.${column}`);
      // Each bound given must hold (a comparison with NULL holds for none).
      const holds = (value: SqlValue, bound: SqlValue | undefined, ok: (order: number) => boolean) => {
        if (bound === undefined) return true;
        const order = compare(value, bound, nocase);
        return order !== null && ok(order);
      };
      return (record) => {
        const value = cell(record);
        return holds(value, from, (o) => o >= 0) && holds(value, to, (o) => o <= 0) && holds(value, below, (o) => o < 0);
      };
    }
    case 'child': {
      const { table, column, value } = condition;
      const child = descriptor.children?.find((c) => c.table === table);
      const index = child?.columns.indexOf(column) ?? -1;
      if (!child || index < 0) throw new Error(`${resource} has no child column ${table}.${column}`);
      const nocase = NOCASE.has(`${table}.${column}`);
      return (record) => child.rows(recordOf(record)).some((row) => compare(row[index] ?? null, value, nocase) === 0);
    }
  }
}

function columnOf(resource: ResourceName, column: string): (record: RecordLike) => SqlValue {
  const project = descriptorOf(resource).columns[column];
  if (!project) throw new Error(`${resource} has no column ${column}`);
  return (record) => project(recordOf(record));
}

/**
 * SQLite's comparison of a stored value with a bound one: null when either is NULL (the row does not match).
 * The stored value's JS type stands for its column's affinity: a number column reads numeric text as a
 * number (other text sorts after every number), a text column reads a number as its text: as a REAL's, since
 * the driver binds every JS number as one (5 is '5.0').
 */
function compare(stored: SqlValue, bound: SqlValue, nocase: boolean): number | null {
  if (stored === null || bound === null) return null;
  if (typeof stored === 'number') {
    if (typeof bound === 'number') return stored - bound;
    return DECIMAL.test(bound) ? stored - Number(bound) : -1;
  }
  const text = typeof bound === 'number' ? realText(bound) : bound;
  return nocase ? Buffer.compare(Buffer.from(asciiLower(stored)), Buffer.from(asciiLower(text))) : Buffer.compare(Buffer.from(stored), Buffer.from(text));
}

/** SQLite's text of a REAL (`%!.15g`), for the numbers a filter takes (integers and short decimals). */
const realText = (value: number): string => (Number.isInteger(value) && Math.abs(value) < 1e15 ? `${value}.0` : String(value));

/** Text a numeric column takes as a number (a decimal literal; SQLite reads no hexadecimal here). */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

const asciiLower = (text: string) => text.replace(/[A-Z]+/g, (s) => s.toLowerCase());

// ---- the text filter: the search index's matches (search-query.ts) over the resource's search terms ----

/**
 * Found when each word matches the record's search terms as search-query.ts looks for it: a part of the folded
 * document (trigram table), or a phrase whose last token may be a prefix among its tokens (unicode61 table).
 */
function textTest(resource: ResourceName, words: readonly string[]): RecordTest {
  const search = descriptorOf(resource).search;
  if (!search) throw new Error(`${resource} cannot be searched`);
  const matches = words.map(wordMatch);
  return (record) => {
    const found = matchesIn(searchText(search.terms(recordOf(record))));
    return matches.every(found);
  };
}

/** Whether a word's match is in `text`, as the search's tables find it. */
function matchesIn(text: string): (match: WordMatch) => boolean {
  const folded = trigramFold(trigramDocument(text));
  const document = tokens(text);
  return (match) =>
    match.kind === 'start' ? occurs(tokens(match.text), document) : folded.includes(trigramFold(match.kind === 'end' ? `${match.text} ` : match.text));
}

function occurs(phrase: readonly string[], document: readonly string[]): boolean {
  const last = phrase.length - 1;
  for (let start = 0; start + last < document.length; start++) {
    if (phrase.every((token, i) => (i === last ? document[start + i]!.startsWith(token) : document[start + i] === token))) return true;
  }
  return false;
}

/** A token's characters: letters, digits and private-use characters (unicode61's "L* N* Co"). */
const TOKEN_CHAR = /[\p{L}\p{N}\p{Co}]/u;
/** Combining diacritics: with remove_diacritics they belong to the token they follow and are dropped. */
const DIACRITIC = /[\u0300-\u036f]/u;
const LATIN = /\p{Script=Latin}/u;

/** The tokens of a text as unicode61 with remove_diacritics 2 makes them: folded to lower case, Latin letters bare. */
function tokens(text: string): string[] {
  const found: string[] = [];
  let token = '';
  for (const char of text) {
    if (TOKEN_CHAR.test(char)) token += fold(char);
    else if (!DIACRITIC.test(char)) {
      if (token !== '') found.push(token);
      token = '';
    }
  }
  if (token !== '') found.push(token);
  return found;
}

/**
 * One character case-folded as unicode61 folds it (a character at a time: final sigma is sigma, ß stays ß), and
 * Latin letters without their diacritics.
 */
function fold(char: string): string {
  const upper = char.toUpperCase();
  const lower = [...upper].length === 1 ? upper.toLowerCase() : char.toLowerCase();
  return LATIN.test(char) ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/** A text as the trigram tokenizer with remove_diacritics 1 compares it: each character folded, diacritics dropped. */
function trigramFold(text: string): string {
  let folded = '';
  for (const char of text) if (!DIACRITIC.test(char)) folded += TOKEN_CHAR.test(char) ? fold(char) : char.toLowerCase();
  return folded;
}
