/**
 * Answers of on-demand operations (whois, whois-info, EPP code: per domain; a product group's own read: per group
 * id), kept with the time fetched.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { AtRestCipher } from '../vault/at-rest-cipher.js';

export interface CachedAnswer<T> {
  value: T;
  /** ISO 8601. */
  fetchedAt: string;
}

export type AnswerCacheTable = 'whois_cache' | 'whois_info_cache' | 'epp_cache' | 'catalogue_group_cache';

const keyOf = (domain: string) => domain.trim().toLowerCase();

export class AnswerCache<T> {
  private readonly upsert: Statement;
  private readonly select: Statement;
  private readonly selectRecent: Statement;
  private readonly selectSuffix: Statement;

  constructor(
    db: Database,
    table: AnswerCacheTable,
    private readonly now: () => Date,
    /** Seals the answers (they are secrets: EPP codes); one it cannot open reads as no answer. */
    private readonly cipher: AtRestCipher | null = null,
  ) {
    this.upsert = db.prepare(
      `INSERT INTO ${table} (key, json, fetched_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at`,
    );
    this.select = db.prepare(`SELECT json, fetched_at FROM ${table} WHERE key = ?`).raw();
    this.selectRecent = db.prepare(`SELECT key, json, fetched_at FROM ${table} ORDER BY fetched_at DESC, key LIMIT ?`).raw();
    this.selectSuffix = db.prepare(`SELECT key, json, fetched_at FROM ${table} WHERE substr(key, -length(@suffix)) = @suffix ORDER BY fetched_at DESC, key`).raw();
  }

  put(domain: string, value: T, fetchedAt: Date = this.now()): void {
    const json = JSON.stringify(value);
    this.upsert.run(keyOf(domain), this.cipher ? this.cipher.seal(json) : json, fetchedAt.toISOString());
  }

  /** The cached answer; null when there is none or, given maxAgeMs, when it is older than that. */
  get(domain: string, maxAgeMs?: number): CachedAnswer<T> | null {
    const row = this.select.get(keyOf(domain)) as [string, string] | undefined;
    if (!row) return null;
    const [stored, fetchedAt] = row;
    if (maxAgeMs !== undefined && this.now().getTime() - Date.parse(fetchedAt) > maxAgeMs) return null;
    const json = this.cipher ? this.cipher.open(stored) : stored;
    return json === null ? null : { value: JSON.parse(json) as T, fetchedAt };
  }

  /** The answers for domains ending in `suffix` (such as `.co.uk`), newest first (a TLD's prices from another name's check). */
  endingWith(suffix: string): (CachedAnswer<T> & { domain: string })[] {
    return this.opened(this.selectSuffix.all({ suffix: keyOf(suffix) }) as [string, string, string][]);
  }

  /** The newest answers, newest first, each with the domain it is for (as stored: trimmed, lower case). */
  recent(limit: number): (CachedAnswer<T> & { domain: string })[] {
    return this.opened(this.selectRecent.all(limit) as [string, string, string][]);
  }

  private opened(rows: [domain: string, stored: string, fetchedAt: string][]): (CachedAnswer<T> & { domain: string })[] {
    return rows.flatMap(([domain, stored, fetchedAt]) => {
      const json = this.cipher ? this.cipher.open(stored) : stored;
      return json === null ? [] : [{ domain, value: JSON.parse(json) as T, fetchedAt }];
    });
  }
}
