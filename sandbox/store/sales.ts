/**
 * An account's quotes and its affiliate record, as the upstream system keeps them (tblquotes, tblaffiliates and
 * the sign-ups an affiliate referred): what get-clients-details' numquotes, numacceptedquotes, isAffiliate and
 * numaffiliatesignups count. The demo account always has both, with some quotes accepted; the others may not.
 * Each account draws from its own stream, so the rest of the generated data does not shift.
 */
import { formatCents } from './money.js';
import { formatDay } from './calendar.js';
import type { Rng } from './rng.js';
import type { Writer } from './writer.js';

export const QUOTE_STAGES = ['Draft', 'Delivered', 'On Hold', 'Accepted', 'Lost', 'Dead'] as const;

const QUOTE_SUBJECTS = [
  'Hosting for the new shop', 'Ten mailboxes and a domain', 'Dedicated server for the agency', 'Yearly web care plan',
  'Migration of three sites', 'Reseller plan upgrade', 'SSL for every subdomain', 'Backup storage, 500 GB',
];

interface Account {
  /** 1-based; account 1 is the demo account. */
  n: number;
  /** The client's id. */
  userid: number;
  today: number;
}

export function writeSales(writer: Writer, rng: Rng, { n, userid, today }: Account): void {
  const demo = n === 1;
  const quotes = demo ? rng.int(5, 9) : rng.int(0, 4);
  for (let q = 0; q < quotes; q++) {
    const created = today - rng.int(3, 400);
    // The demo's first two are accepted, so the figure is never an accident of the draw.
    const stage = demo && q < 2 ? 'Accepted' : rng.pick(QUOTE_STAGES);
    writer.insert('quotes', {
      userid,
      subject: rng.pick(QUOTE_SUBJECTS),
      stage,
      total: formatCents(rng.int(40, 2400) * 100 + rng.pick([0, 50, 95])),
      datecreated: formatDay(created),
      validuntil: formatDay(created + 30),
      dateaccepted: stage === 'Accepted' ? formatDay(created + rng.int(1, 20)) : '0000-00-00',
    });
  }
  if (!demo && !rng.chance(0.3)) return;
  const since = today - rng.int(200, 900);
  writer.insert('affiliates', { id: userid, clientid: userid, date: formatDay(since), visitors: rng.int(40, 900) });
  const signups = demo ? rng.int(4, 12) : rng.int(0, 6);
  for (let s = 0; s < signups; s++) writer.insert('affiliate_signups', { affiliateid: userid, date: formatDay(rng.int(since, today - 1)) });
}
