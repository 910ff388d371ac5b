/** Options of the sandbox provider, shared by the CLI (`npm run sandbox`) and `startSandbox()`. */
import type { Database } from 'better-sqlite3';
import type { Clock } from '../shared/clock.js';

export type Preset = 'demo' | 'large' | 'huge';

/** How many records of each resource the generator makes, per client account. */
export interface DataSize {
  accounts: number;
  services: number;
  domains: number;
  orders: number;
  transactions: number;
  contacts: number;
  tickets: number;
  /** Shared by every account. */
  announcements: number;
  /** Catalogue products (shared), each with add-ons and configurable options. */
  products: number;
}

export const PRESETS: Record<Preset, DataSize> = {
  demo: {
    accounts: 2, services: 12, domains: 30, orders: 15, transactions: 40, contacts: 8, tickets: 10,
    announcements: 6, products: 12,
  },
  large: {
    accounts: 2, services: 5000, domains: 20000, orders: 5000, transactions: 20000, contacts: 2000,
    tickets: 5000, announcements: 300, products: 100,
  },
  /** Five times large where an account grows (the hardening issue's scale target). */
  huge: {
    accounts: 2, services: 25000, domains: 100000, orders: 25000, transactions: 100000, contacts: 10000,
    tickets: 25000, announcements: 300, products: 100,
  },
};

/** Fault injection. Shares are probabilities in [0, 1]; all off by default. */
export interface FaultConfig {
  /** Added delay per request, in milliseconds. */
  latencyMs: number;
  /** Share of requests answered with HTTP 500. */
  http500: number;
  /** Share of requests answered with HTTP 200 `{"result":"error","message":...}`. */
  resultError: number;
  /** Share of requests whose connection is reset with no reply. */
  reset: number;
  /** Share of requests answered with HTTP 429 and a Retry-After header. */
  rateLimit: number;
  /** Retry-After seconds sent with 429. */
  retryAfterSeconds: number;
  /** Share of token-endpoint requests answered with HTTP 500 (on top of the shares above): a failing sign-in. */
  tokenHttp500: number;
  /** Reply bodies sent at this many bytes per second (0: at once): a provider that trickles. */
  trickleBytesPerSecond: number;
}

export const NO_FAULTS: FaultConfig = {
  latencyMs: 0, http500: 0, resultError: 0, reset: 0, rateLimit: 0, retryAfterSeconds: 1, tokenHttp500: 0, trickleBytesPerSecond: 0,
};

export interface SandboxOptions {
  host: string;
  /** Port of the base URL; 0 picks a free port. */
  port: number;
  /** Port of the alt base URL; 0 picks a free port. */
  altPort: number;
  /** Port of the fault-injection control endpoint; 0 picks a free port. */
  controlPort: number;
  /** The path segment that the spec calls `svc`. */
  service: string;
  seed: number;
  preset: Preset;
  /** Per-resource overrides of the preset's sizes. */
  size: Partial<DataSize>;
  /** SQLite file for the state; ':memory:' by default. An existing file is reused, not reseeded. */
  db: string;
  /** Largest page a list operation returns; a larger limitnum gets this many rows. */
  maxPageSize: number;
  /**
   * As strict as the upstream billing system where it is stricter than the spec: get-transactions ignores
   * paging (every row, startnumber 0); the writes that need the caller's client id refuse a request without
   * it; add-order needs a paymentmethod.
   */
  strict: boolean;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  faults: FaultConfig;
  /** The sandbox's idea of "today" (ISO date), so generated data and expiry windows are reproducible. */
  today: string;
  /**
   * The provider's clock: token expiry and the time of day of the records it writes (their date is `today`).
   * The real one by default; a test may give its own, or move it forward over HTTP (POST <control>/clock/advance).
   */
  clock: Clock;
  /** Serve the base and alt listeners over HTTPS with this certificate and key (PEM text); null: plain HTTP. */
  tls: SandboxTls | null;
}

/** A certificate chain and its private key, PEM text, for the API listeners. */
export interface SandboxTls {
  cert: string;
  key: string;
}

export const DEFAULT_OPTIONS: SandboxOptions = {
  host: '127.0.0.1',
  port: 8780,
  altPort: 8781,
  controlPort: 8782,
  service: 'svc',
  seed: 1,
  preset: 'demo',
  size: {},
  db: ':memory:',
  maxPageSize: 250,
  strict: false,
  accessTokenTtlSeconds: 3600,
  refreshTokenTtlSeconds: 10 * 24 * 3600,
  faults: NO_FAULTS,
  today: new Date().toISOString().slice(0, 10),
  clock: () => Date.now(),
  tls: null,
};

/** Credentials of one generated client account. Account n (1-based) is deterministic from the seed. */
export interface AccountCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  /** The account's client id in the provider (the `clientid` / `userid` of its records). */
  userid: number;
}

export interface RunningSandbox {
  baseUrl: string;
  altBaseUrl: string;
  controlUrl: string;
  /** The first (demo) account's credentials, also in `accounts[0]`. */
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  accounts: AccountCredentials[];
  options: SandboxOptions;
  /** The state database, for tests that read back what a mutation stored (attachments, invoices). */
  db: Database;
  /** Change fault injection at run time (same as the control endpoint). */
  setFaults(faults: Partial<FaultConfig>): void;
  /** Requests received since start (or the last reset), by operation name ('token' for the token endpoint). */
  requestCounts(): Record<string, number>;
  resetRequestCounts(): void;
  stop(): Promise<void>;
}
