/** The calling account: its own client record, the `clientid`/`userid` rule, and the sandbox clock. */
import { Rejection, type OpContext, type Params } from '../operation.js';
import { optionalInt } from '../params.js';
import { formatDateTime } from '../reply.js';
import { sql } from './sql.js';

export interface ClientRow {
  id: number;
  uuid: string;
  firstname: string;
  lastname: string;
  companyname: string;
  email: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phonenumber: string;
  password_hash: string;
  currency_code: string;
  defaultgateway: string;
  status: string;
  credit: string;
  groupid: number;
  language: string;
  notes: string;
  taxexempt: number;
  lastlogin: string;
  datecreated: string;
}

export function callerClient(ctx: OpContext): ClientRow {
  const row = sql(ctx.db, 'SELECT * FROM clients WHERE id = ?').get(ctx.userid) as ClientRow | undefined;
  if (!row) throw new Error(`token owner ${ctx.userid} has no client record`);
  return row;
}

/**
 * Spec, Common rules 7: requests carry `clientid` (and get-contacts `userid`) though the parameter lists omit
 * them. The token already names the account, so the only id accepted is the caller's own; any other is
 * reported as not found, never served.
 */
export function checkClientId(ctx: OpContext, params: Params): void {
  for (const name of ['clientid', 'userid']) {
    const id = optionalInt(params, name);
    if (id !== undefined && id !== ctx.userid) throw new Rejection('Client ID Not Found');
  }
}

/**
 * The writes upstream refuses without the client they act for (strict mode): `name` must be given, and be the
 * caller's own id (checkClientId). The lenient sandbox takes the token's account.
 */
export function requireClientId(
  ctx: OpContext,
  params: Params,
  name: 'clientid' | 'userid' = 'clientid',
  missing = 'Client ID Not Found',
): void {
  checkClientId(ctx, params);
  if (ctx.options.strict && optionalInt(params, name) === undefined) throw new Rejection(missing);
}

/** Today per the sandbox's configured date (options.today), so dates line up with the generated data. */
export function today(ctx: OpContext): string {
  return ctx.options.today;
}

/** Now as 'YYYY-mm-dd HH:MM:SS': the configured date with the wall clock's time of day. */
export function nowDateTime(ctx: OpContext): string {
  return `${ctx.options.today} ${formatDateTime(ctx.now()).slice(11)}`;
}
