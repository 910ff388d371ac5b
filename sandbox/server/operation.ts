import type { Database } from 'better-sqlite3';
import type { SandboxOptions } from '../options.js';

/**
 * A parsed request body. Form fields arrive as multipart/form-data or x-www-form-urlencoded; bracketed names
 * are folded: `pid[]=1&pid[]=2` and `pid[0]=1&pid[1]=2` give `pid: ['1','2']`, `domainrenewals[a.com]=2` gives
 * `domainrenewals: {'a.com': '2'}`. Uploaded files (multipart file parts) arrive as FileValue.
 */
export type FormValue = string | FileValue | FormValue[] | { [key: string]: FormValue };
export interface FileValue {
  filename: string;
  data: Buffer;
}
export type Params = Record<string, FormValue>;

/** The authenticated caller and the provider's state, handed to every operation. */
export interface OpContext {
  db: Database;
  /** The client account that owns the bearer token. */
  userid: number;
  options: SandboxOptions;
  /** The provider's time (its date pinned by options.today for the records it writes; its time of day ticks). */
  now(): Date;
  /** The address the request came to (`http://127.0.0.1:<port>`): where the sandbox's own pages and images are. */
  origin: string;
}

export type OpReply = { json: Record<string, unknown> } | { text: string };

export interface Operation {
  /** The last path segment, e.g. 'get-clients-products'. */
  name: string;
  /** Which listener publishes it: the base URL or the alt base URL (spec, Common rules 2). */
  host: 'base' | 'alt';
  handle(ctx: OpContext, params: Params): OpReply;
}

/** A rejection the provider reports as HTTP 200 `{"result":"error","message":...}`. */
export class Rejection extends Error {}
