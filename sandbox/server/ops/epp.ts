/**
 * domain-request-epp: the transfer authorisation code of one of the caller's domains, by domainid or
 * domainname (domainid wins when both are given).
 *
 * The spec warns that a returned eppcode may carry HTML character entities. Codes are always entity-encoded
 * here, two ways so clients must decode properly: domains with an even id get named entities as PHP's
 * htmlspecialchars(ENT_QUOTES) writes them (&amp; &lt; &gt; &quot; &#039;), odd ids get decimal entities
 * (&#38; &#60; &#62; &#34; &#39;). In strict mode, domains whose id is a multiple of 3 have a registrar that
 * returns the code as it is, unencoded, as some upstream registrar modules do: a client must then decode as
 * PHP's html_entity_decode does, leaving `&copy2` (no semicolon) as text.
 */
import { Rejection, type Operation } from '../operation.js';
import { optionalInt, optionalString } from '../params.js';
import { checkClientId } from './caller.js';
import { sql } from './sql.js';

const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };
const SPECIAL = /[&<>"']/g;

function encodeEppCode(code: string, numeric: boolean): string {
  return code.replace(SPECIAL, (ch) => (numeric ? `&#${ch.charCodeAt(0)};` : NAMED[ch]!));
}

interface EppRow {
  id: number;
  eppcode: string | null;
  registrar_error: string | null;
}

export const domainRequestEpp: Operation = {
  name: 'domain-request-epp',
  host: 'base',
  handle(ctx, params) {
    checkClientId(ctx, params);
    const domainid = optionalInt(params, 'domainid');
    const domainname = optionalString(params, 'domainname')?.trim().toLowerCase();
    if (domainid === undefined && domainname === undefined) throw new Rejection('Domain ID or Domain Name Required');
    const row = (
      domainid !== undefined
        ? sql(ctx.db, 'SELECT id, eppcode, registrar_error FROM domains WHERE id = ? AND userid = ?').get(domainid, ctx.userid)
        : sql(ctx.db, 'SELECT id, eppcode, registrar_error FROM domains WHERE domainname = ? AND userid = ? ORDER BY id DESC LIMIT 1').get(
            domainname,
            ctx.userid,
          )
    ) as EppRow | undefined;
    if (!row) throw new Rejection('Domain ID Not Found');
    if (row.registrar_error !== null) throw new Rejection(row.registrar_error);
    if (row.eppcode === null) return { json: { result: 'success' } };
    const eppcode = ctx.options.strict && row.id % 3 === 0 ? row.eppcode : encodeEppCode(row.eppcode, row.id % 2 === 1);
    return { json: { result: 'success', eppcode } };
  },
};
