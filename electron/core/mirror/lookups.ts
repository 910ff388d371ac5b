/**
 * Reads of the mirror by value rather than by id, each one SQL statement however many values are asked for
 * (the values go in as one JSON array): contacts by e-mail (a CSV import), domains by name (renewals), the
 * payment methods the account's own records use (order forms), and the catalogue's product groups by the names
 * the account's services give them.
 */
import type { Database } from 'better-sqlite3';
import type { PaymentMethodUse } from '../../../shared/billing.js';
import type { ProductGroup } from '../../../shared/catalogue-group.js';
import type { Contact, Domain, Order } from '../../../shared/models.js';
import { statement } from './statements.js';

/** Contacts whose e-mail is one of `emails` (compared without case, as the column is). */
export function contactsByEmail(db: Database, emails: readonly string[]): Contact[] {
  if (emails.length === 0) return [];
  const rows = statement(db, 'SELECT json FROM contacts WHERE email IN (SELECT value FROM json_each(?)) ORDER BY id').pluck().all(JSON.stringify(emails)) as string[];
  return rows.map((json) => JSON.parse(json) as Contact);
}

/** Domains whose name is one of `names` (without case); a name held twice gives both rows, newest id last. */
export function domainsByName(db: Database, names: readonly string[]): Domain[] {
  if (names.length === 0) return [];
  const rows = statement(db, 'SELECT json FROM domains WHERE domain_name IN (SELECT value FROM json_each(?)) ORDER BY id').pluck().all(JSON.stringify(names)) as string[];
  return rows.map((json) => JSON.parse(json) as Domain);
}

/** Orders in one status (without case): the pending ones a renewal's base notes (few, however many orders there are). */
export function ordersWithStatus(db: Database, status: string): Order[] {
  const rows = statement(db, "SELECT json FROM orders WHERE lower(json_extract(json, '$.status')) = lower(?) ORDER BY id").pluck().all(status) as string[];
  return rows.map((json) => JSON.parse(json) as Order);
}

/** The payment methods of the account's domains, services and orders, most used first (then by name). */
export function paymentMethods(db: Database): PaymentMethodUse[] {
  const used = ['domains', 'services', 'orders']
    .map((table) => `SELECT json_extract(json, '$.paymentMethod') AS code, json_extract(json, '$.paymentMethodName') AS name FROM ${table}`)
    .join(' UNION ALL ');
  return statement(
    db,
    `SELECT code, COALESCE(MAX(NULLIF(name, '')), code) AS name, COUNT(*) AS uses FROM (${used})
     WHERE code IS NOT NULL AND code != '' GROUP BY code ORDER BY uses DESC, name`,
  ).all() as PaymentMethodUse[];
}

/**
 * The catalogue's product groups, each named as the account's services of its products name it (the most used
 * name, then the first in order); a group none of whose products is in use has no name.
 */
export function productGroups(db: Database): ProductGroup[] {
  return statement(
    db,
    `SELECT c.gid AS gid, COUNT(*) AS products,
       (SELECT json_extract(s.json, '$.groupName') AS group_name FROM services s JOIN catalogue p ON p.id = s.pid
        WHERE p.gid = c.gid AND COALESCE(json_extract(s.json, '$.groupName'), '') != ''
        GROUP BY group_name ORDER BY COUNT(*) DESC, group_name LIMIT 1) AS name
     FROM catalogue c WHERE c.gid IS NOT NULL GROUP BY c.gid ORDER BY c.gid`,
  ).all() as ProductGroup[];
}
