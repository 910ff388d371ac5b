/**
 * v5: the secrets that earlier versions kept in the records' JSON, which nothing shows or needs, are dropped:
 * an order's transfer secret (`transferSecret`, the EPP code of a domain transfer) and a ticket's access code
 * (`c`). The API decoders no longer read them (Order, Ticket). Each row's hash becomes that of its new JSON,
 * as RowEncoder makes it, so the next sync does not rewrite it again; secure_delete overwrites the old text
 * in the file rather than leaving it in freed space.
 */
import { hash } from 'node:crypto';
import type { Database } from 'better-sqlite3';

const DROPPED: ReadonlyArray<readonly [table: string, field: string]> = [
  ['orders', 'transferSecret'],
  ['tickets', 'c'],
];

export function dropStoredSecrets(db: Database): void {
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  for (const [table, field] of DROPPED) {
    const update = db.prepare(`UPDATE ${table} SET json = ?, hash = ? WHERE id = ?`);
    for (const row of db.prepare(`SELECT id, json FROM ${table}`).all() as { id: number; json: string }[]) {
      const record = JSON.parse(row.json) as Record<string, unknown>;
      if (!(field in record)) continue;
      delete record[field];
      const json = JSON.stringify(record);
      update.run(json, hash('sha1', json, 'base64'), row.id);
    }
  }
  db.pragma(`secure_delete = ${secureDelete}`);
}
