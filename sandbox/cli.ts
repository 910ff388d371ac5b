/**
 * `npm run sandbox -- [flags]`: runs the sandbox provider until SIGINT/SIGTERM. See HELP for the flags.
 * With --json, stdout carries exactly one line (the URLs and demo credentials as JSON) once listening;
 * everything else goes to stderr.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startSandbox, type SandboxOverrides } from './index.js';
import {
  DEFAULT_OPTIONS,
  PRESETS,
  type DataSize,
  type FaultConfig,
  type Preset,
  type RunningSandbox,
  type SandboxTls,
} from './options.js';

const defaults = DEFAULT_OPTIONS;

const HELP = `Usage: npm run sandbox -- [flags]

Runs the sandbox provider: the provider API of api-spec.md on loopback, with generated data and fault injection.

Listeners
  --host HOST            interface of the base and alt listeners (default ${defaults.host})
  --port N               base URL port, 0 picks a free one (default ${defaults.port})
  --alt-port N           alt base URL port (default ${defaults.altPort})
  --control-port N       control endpoint port, always on 127.0.0.1 (default ${defaults.controlPort})
  --service NAME         the service segment of /api/v2/<service>/<operation> (default ${defaults.service})
  --tls-cert FILE        serve the base and alt listeners over HTTPS with this PEM certificate (chain);
  --tls-key FILE         and this PEM private key (both or neither; the control endpoint stays plain HTTP)

Data
  --seed N               seed of the generated data and of fault decisions (default ${defaults.seed})
  --preset demo|large|huge  data size preset (default ${defaults.preset})
  --size RESOURCE=N      override one preset size, repeatable, e.g. --size domains=500
                         resources: ${Object.keys(PRESETS.demo).join(', ')}
  --db FILE              SQLite file for the state; an existing file is reused, not reseeded (default in memory)
  --max-page-size N      largest page a list operation returns (default ${defaults.maxPageSize})
  --today YYYY-mm-dd     the sandbox's "today" for generated dates (default: the real date)

Fidelity
  --strict               as strict as the upstream billing system: get-transactions ignores paging, writes
                         need the caller's clientid (create-invoice: userid), add-order needs a paymentmethod

Tokens
  --access-ttl S         access token lifetime in seconds (default ${defaults.accessTokenTtlSeconds})
  --refresh-ttl S        refresh token lifetime in seconds (default ${defaults.refreshTokenTtlSeconds})

Fault injection (API operations and the token endpoint; shares are probabilities in [0, 1]; decisions are
deterministic for a --seed and request order, and restart whenever the settings change)
  --latency MS           delay added to every request
  --fail-500 SHARE       share answered HTTP 500
  --fail-error SHARE     share answered HTTP 200 {"result":"error",...}
  --fail-reset SHARE     share whose connection is reset with no reply
  --fail-429 SHARE       share answered HTTP 429 with Retry-After
  --retry-after S        Retry-After seconds sent with 429 (default ${defaults.faults.retryAfterSeconds})
  --fail-token-500 SHARE share of token-endpoint requests answered HTTP 500 (a failing sign-in)
  --trickle BYTES        reply bodies sent at BYTES per second (a provider that trickles)

Output
  --json                 print one JSON line on stdout once listening:
                         {baseUrl, altBaseUrl, controlUrl, clientId, clientSecret, username, password}
  -h, --help             show this help

Endpoints
  POST <base>/oauth/token                 password and refresh_token grants (x-www-form-urlencoded)
  POST <base>/oauth/revoke                RFC 7009 style: token, client_id, client_secret (the sandbox's own
                                          path; the spec does not give one, so clients must not depend on it)
  POST <base>/api/v2/<service>/<op>       operations; get-transactions, get-support-departments,
                                          update-contact and get-tickets are on <alt> instead

Control endpoint (JSON)
  GET  <control>/faults                   current faults plus accessTokenTtlSeconds, refreshTokenTtlSeconds
  POST <control>/faults                   set any of them, e.g. {"http500":0.2,"latencyMs":300}
  GET  <control>/requests                 requests received by operation ("token" for the token endpoint)
  POST <control>/requests/reset           those counts back to zero
  POST <control>/faults/reset             faults off, token lifetimes back to their start-up values
  POST <control>/tokens/expire            expire every issued access token now
  POST <control>/clock/advance            move the provider's clock forward, e.g. {"seconds":3600}
  GET  <control>/health                   {"status":"ok"}

Demo account (seeded in every state)
  client id demo-client, client secret demo-secret,
  username demo@reseller.example, password demo-password
`;

/** A bad command line; reported on stderr with exit code 2. */
class UsageError extends Error {}

type CommandLine = { help: true } | { help: false; json: boolean; options: SandboxOverrides };

function parseCommandLine(args: string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'alt-port': { type: 'string' },
        'control-port': { type: 'string' },
        service: { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        seed: { type: 'string' },
        preset: { type: 'string' },
        size: { type: 'string', multiple: true },
        db: { type: 'string' },
        'max-page-size': { type: 'string' },
        'access-ttl': { type: 'string' },
        'refresh-ttl': { type: 'string' },
        latency: { type: 'string' },
        'fail-token-500': { type: 'string' },
        trickle: { type: 'string' },
        'fail-500': { type: 'string' },
        'fail-error': { type: 'string' },
        'fail-reset': { type: 'string' },
        'fail-429': { type: 'string' },
        'retry-after': { type: 'string' },
        today: { type: 'string' },
        strict: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const v = parsed.values;
  if (v.help) return { help: true };

  const options: SandboxOverrides = {};
  if (v.host !== undefined) options.host = nonEmpty('--host', v.host);
  if (v.port !== undefined) options.port = port('--port', v.port);
  if (v['alt-port'] !== undefined) options.altPort = port('--alt-port', v['alt-port']);
  if (v['control-port'] !== undefined) options.controlPort = port('--control-port', v['control-port']);
  if (v.service !== undefined) options.service = service(v.service);
  if (v.seed !== undefined) options.seed = wholeNumber('--seed', v.seed);
  if (v.preset !== undefined) options.preset = preset(v.preset);
  if (v.size !== undefined) options.size = sizes(v.size);
  if (v.db !== undefined) options.db = nonEmpty('--db', v.db);
  if (v['max-page-size'] !== undefined) options.maxPageSize = positive('--max-page-size', v['max-page-size']);
  if (v['access-ttl'] !== undefined) options.accessTokenTtlSeconds = wholeNumber('--access-ttl', v['access-ttl']);
  if (v['refresh-ttl'] !== undefined) options.refreshTokenTtlSeconds = wholeNumber('--refresh-ttl', v['refresh-ttl']);
  if (v.today !== undefined) options.today = isoDate(v.today);
  if (v.strict) options.strict = true;
  if (v['tls-cert'] !== undefined || v['tls-key'] !== undefined) options.tls = tls(v['tls-cert'], v['tls-key']);

  const faults: Partial<FaultConfig> = {};
  if (v.latency !== undefined) faults.latencyMs = nonNegative('--latency', v.latency);
  if (v['fail-500'] !== undefined) faults.http500 = share('--fail-500', v['fail-500']);
  if (v['fail-error'] !== undefined) faults.resultError = share('--fail-error', v['fail-error']);
  if (v['fail-reset'] !== undefined) faults.reset = share('--fail-reset', v['fail-reset']);
  if (v['fail-429'] !== undefined) faults.rateLimit = share('--fail-429', v['fail-429']);
  if (v['retry-after'] !== undefined) faults.retryAfterSeconds = wholeNumber('--retry-after', v['retry-after']);
  if (v['fail-token-500'] !== undefined) faults.tokenHttp500 = share('--fail-token-500', v['fail-token-500']);
  if (v.trickle !== undefined) faults.trickleBytesPerSecond = nonNegative('--trickle', v.trickle);
  if (Object.keys(faults).length > 0) options.faults = faults;

  return { help: false, json: v.json ?? false, options };
}

function tls(certFile: string | undefined, keyFile: string | undefined): SandboxTls {
  if (certFile === undefined || keyFile === undefined) throw new UsageError('--tls-cert and --tls-key go together: give both');
  const read = (flag: string, file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw new UsageError(`${flag} ${file} cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
  };
  return { cert: read('--tls-cert', certFile), key: read('--tls-key', keyFile) };
}

function nonEmpty(flag: string, value: string): string {
  if (value === '') throw new UsageError(`${flag} needs a value`);
  return value;
}

function number(flag: string, value: string): number {
  const n = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`${flag} must be a number, got '${value}'`);
  return n;
}

function wholeNumber(flag: string, value: string): number {
  const n = number(flag, value);
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`${flag} must be a whole number ≥ 0, got '${value}'`);
  return n;
}

function positive(flag: string, value: string): number {
  const n = wholeNumber(flag, value);
  if (n === 0) throw new UsageError(`${flag} must be at least 1`);
  return n;
}

function nonNegative(flag: string, value: string): number {
  const n = number(flag, value);
  if (n < 0) throw new UsageError(`${flag} must not be negative, got '${value}'`);
  return n;
}

function share(flag: string, value: string): number {
  const n = number(flag, value);
  if (n < 0 || n > 1) throw new UsageError(`${flag} must be a share between 0 and 1, got '${value}'`);
  return n;
}

function port(flag: string, value: string): number {
  const n = wholeNumber(flag, value);
  if (n > 65535) throw new UsageError(`${flag} must be a port number 0-65535, got '${value}'`);
  return n;
}

function service(value: string): string {
  if (!/^[A-Za-z0-9._~-]+$/.test(value)) {
    throw new UsageError(`--service must be one path segment (letters, digits, . _ ~ -), got '${value}'`);
  }
  return value;
}

function preset(value: string): Preset {
  if (!Object.hasOwn(PRESETS, value)) {
    throw new UsageError(`--preset must be one of ${Object.keys(PRESETS).join(', ')}, got '${value}'`);
  }
  return value as Preset;
}

function sizes(values: string[]): Partial<DataSize> {
  const size: Partial<DataSize> = {};
  for (const value of values) {
    const match = /^([a-z]+)=(.*)$/.exec(value);
    if (!match || !Object.hasOwn(PRESETS.demo, match[1]!)) {
      throw new UsageError(`--size must be RESOURCE=N with RESOURCE one of ${Object.keys(PRESETS.demo).join(', ')}, got '${value}'`);
    }
    size[match[1] as keyof DataSize] = wholeNumber(`--size ${match[1]}`, match[2]!);
  }
  return size;
}

function isoDate(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  // 2026-02-30 parses as March 2nd, 2026-13-45 not at all.
  const valid = time !== null && !Number.isNaN(time.getTime()) && time.toISOString().startsWith(value);
  if (!valid) throw new UsageError(`--today must be a date YYYY-mm-dd, got '${value}'`);
  return value;
}

function describe(sandbox: RunningSandbox): string {
  const { options } = sandbox;
  return `Sandbox provider running (preset ${options.preset}, seed ${options.seed}, service "${options.service}")
  base URL       ${sandbox.baseUrl}
  alt base URL   ${sandbox.altBaseUrl}
  control URL    ${sandbox.controlUrl}
Demo account
  client id      ${sandbox.clientId}
  client secret  ${sandbox.clientSecret}
  username       ${sandbox.username}
  password       ${sandbox.password}
Press Ctrl+C to stop.
`;
}

async function main(): Promise<void> {
  let commandLine: CommandLine;
  try {
    commandLine = parseCommandLine(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`sandbox: ${e.message}\nRun with --help for usage.\n`);
    process.exit(2);
  }
  if (commandLine.help) {
    process.stdout.write(HELP);
    return;
  }

  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox(commandLine.options);
  } catch (e) {
    process.stderr.write(`sandbox: could not start: ${(e as Error).message}\n`);
    process.exit(1);
  }

  if (commandLine.json) {
    const { baseUrl, altBaseUrl, controlUrl, clientId, clientSecret, username, password } = sandbox;
    process.stdout.write(`${JSON.stringify({ baseUrl, altBaseUrl, controlUrl, clientId, clientSecret, username, password })}\n`);
  } else {
    process.stdout.write(describe(sandbox));
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1); // a second signal: stop waiting
    stopping = true;
    process.stderr.write(`sandbox: ${signal}, stopping\n`);
    sandbox.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`sandbox: stop failed: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
