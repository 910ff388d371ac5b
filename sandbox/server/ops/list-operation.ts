/**
 * What the paged list operations share (get-clients-products, get-transactions, get-clients-domains,
 * get-orders, get-contacts, get-announcements, get-tickets): a list of the caller's own records refuses
 * another client's id; limitstart/limitnum pick the page (readPage); one filtered page is selected with the
 * total count of matching rows; the reply is `{result, <echoed search values>, totalresults, startnumber,
 * numreturned, <list>}`, its counters typed as COUNTERS says for the operation and its list nested or
 * flattened. Each operation gives only its table, filters and row shape.
 */
import type { OpContext, Operation, Params } from '../operation.js';
import { COUNTERS, flatten, nest, pageCounters, readPage, stringifyNumbers, type Page, type Tree } from '../reply.js';
import { checkClientId } from './caller.js';
import { type Conditions, selectPage } from './sql.js';

type Row = Record<string, string | number>;

/** Where the rows go in the reply: `{plural: {singular: rows}}`, or flattened as `prefix[<n>][<field>]`. */
export type ListShape = { nested: [plural: string, singular: string] } | { flattened: string };

/** What a request lists: its WHERE clauses, and the search values the reply echoes before its counters. */
export interface ListFilter {
  conditions: Conditions;
  echo?: Record<string, Tree>;
}

export interface ListOperationSpec<R extends Row> {
  name: keyof typeof COUNTERS;
  host: Operation['host'];
  /** A list of the caller's own records, which refuses another client's id; false for a list every account shares. */
  own: boolean;
  /** The page served; readPage by default. */
  page?(ctx: OpContext, params: Params): Page;
  select: { columns: string; from: string; orderBy: string };
  filter(ctx: OpContext, params: Params): ListFilter;
  /** The page's rows as the reply shows them; by default each number as its decimal string. */
  wire?(ctx: OpContext, rows: R[]): Record<string, Tree>[];
  shape: ListShape;
}

export function listOperation<R extends Row>(spec: ListOperationSpec<R>): Operation {
  return {
    name: spec.name,
    host: spec.host,
    handle(ctx, params) {
      if (spec.own) checkClientId(ctx, params);
      const page = spec.page ? spec.page(ctx, params) : readPage(params, ctx.options);
      const { conditions, echo } = spec.filter(ctx, params);
      const { total, rows } = selectPage<R>(ctx.db, { ...spec.select, conditions, page });
      const listed = spec.wire ? spec.wire(ctx, rows) : rows.map(stringifyNumbers);
      const json = { result: 'success', ...echo, ...pageCounters(COUNTERS[spec.name], total, page, listed.length) };
      // A flattened page (thousands of keys) is written into the reply, not spread into it: a copy of that size cost
      // as much as making it.
      return { json: 'nested' in spec.shape ? { ...json, ...nest(...spec.shape.nested, listed) } : flatten(spec.shape.flattened, listed, json) };
    },
  };
}
