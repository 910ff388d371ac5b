/**
 * A reseller's day from the command line, each command a process on a real data folder and the sandbox:
 * contacts from CSV, one change to many contacts, renewals, whois, whois-info and EPP codes.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../../sandbox/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { addAccount, cli, newDataDir, secretsOf } from './harness.js';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const dataDir = newDataDir();
let sb: RunningSandbox;
type Entry = { id: number; kind: string; state: string; params: Record<string, unknown> };
type Domain = { id: number; domainName: string; status: string };

const outbox = async () => JSON.parse((await cli(dataDir, ['outbox', '--json'])).stdout) as Entry[];
const file = (name: string, content: string | Buffer) => {
  const path = join(dataDir, name);
  writeFileSync(path, content);
  return path;
};
let domains: Domain[];

beforeAll(async () => {
  sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  expect((await addAccount(dataDir, sb, 'Main')).code).toBe(0);
  expect((await cli(dataDir, ['sync'], { secrets: secretsOf(sb) })).code).toBe(0);
  domains = JSON.parse((await cli(dataDir, ['export', 'domains'])).stdout) as Domain[];
});

afterAll(async () => {
  await sb?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('contacts import', () => {
  const csv = 'Nome;Cognome;E-mail;Paese\nAnna;Rossi;anna.cli@example.com;IT\nBruno;Bianchi;non-una-email;IT\nCarla;Verdi;carla.cli@example.com;it\n';

  it('says what it would queue and which row it leaves out and why, and queues nothing with --dry-run', async () => {
    const run = await cli(dataDir, ['contacts', 'import', file('people.csv', csv), '--dry-run']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('would queue 2 contact creations; 1 rows left out');
    expect(run.stderr).toContain('columns: Nome → firstname, Cognome → lastname, E-mail → email, Paese → country');
    expect(run.stderr).toContain('row 3 left out: email: must be an e-mail address');
    expect(await outbox()).toEqual([]);
  });

  it('queues one add-contact per valid row', async () => {
    const run = await cli(dataDir, ['contacts', 'import', file('people.csv', csv)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^queued 2 contact creations \(1 rows left out\)/);
    expect((await outbox()).reverse().map((e) => [e.kind, e.params.email, e.params.country])).toEqual([
      ['add-contact', 'anna.cli@example.com', 'IT'],
      ['add-contact', 'carla.cli@example.com', 'IT'],
    ]);
  });

  it('refuses a Latin-1 file and a file that is not there, queuing nothing', async () => {
    const before = (await outbox()).length;
    const latin1 = await cli(dataDir, ['contacts', 'import', file('latin1.csv', Buffer.from('Nome,Città\nNicolò,Forlì\n', 'latin1'))]);
    expect(latin1.code).toBe(1);
    expect(latin1.stderr).toMatch(/not UTF-8 text \(it looks like Latin-1 or Windows-1252/);
    const missing = await cli(dataDir, ['contacts', 'import', join(dataDir, 'nope.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\.csv: cannot be read \(ENOENT\)/);
    const mode = await cli(dataDir, ['contacts', 'import', file('people.csv', csv), '--update-by', 'name']);
    expect(mode.code).toBe(2);
    expect((await outbox()).length).toBe(before);
  });
});

describe('contacts update', () => {
  it('plans before → after, then queues one edit per contact the filter shows', async () => {
    const contacts = JSON.parse((await cli(dataDir, ['export', 'contacts'])).stdout) as { id: number | string; country: string }[];
    const country = contacts.find((c) => typeof c.id === 'number')!.country;
    const args = ['contacts', 'update', '--where', `country=${country}`, '--set', 'city=Milano', '--clear', 'supportemails'];
    const dry = await cli(dataDir, [...args, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const plan = JSON.parse(dry.stdout) as { sending: number; rows: { after: Record<string, unknown> }[] };
    expect(plan.rows.every((r) => r.after.city === 'Milano' && r.after.supportemails === false)).toBe(true);
    const before = (await outbox()).length;
    const run = await cli(dataDir, [...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    const queued = JSON.parse(run.stdout) as { queued: number; entryIds: number[] };
    expect(queued.queued).toBe(plan.sending);
    expect(queued.entryIds).toHaveLength(plan.sending);
    expect((await outbox()).length).toBe(before + plan.sending);
  });

  it('names a wrong field, a missing --where and a bad flag as bad usage', async () => {
    const field = await cli(dataDir, ['contacts', 'update', '--where', 'country=IT', '--set', 'town=Milano']);
    expect(field.code).toBe(2);
    expect(field.stderr).toMatch(/no contact field "town"; one of firstname, lastname/);
    expect((await cli(dataDir, ['contacts', 'update', '--set', 'city=X'])).stderr).toMatch(/--where is required/);
    expect((await cli(dataDir, ['contacts', 'update', '--where', 'country=IT', '--set', 'supportemails=maybe'])).stderr).toMatch(/takes true or false/);
  });
});

describe('domains renew', () => {
  it('reviews, then queues one add-order with every renewable name, leaving out the others with why', async () => {
    const [a, b] = domains.filter((d) => d.status === 'Active');
    const blocked = domains.find((d) => !['Active', 'Expired', 'Grace', 'Redemption'].includes(d.status))!;
    const dry = await cli(dataDir, ['domains', 'renew', a!.domainName, blocked.domainName, '--years', '2', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/DOMAIN\s+EXPIRES\s+YEARS\s+PRICE/);
    expect(dry.stderr).toContain(`${blocked.domainName} left out: is ${blocked.status}`);
    const run = await cli(dataDir, ['domains', 'renew', a!.domainName, b!.domainName, blocked.domainName, '--years', '2']);
    expect(run.code, run.stderr).toBe(0);
    const order = (await outbox()).find((e) => e.kind === 'add-order')!;
    expect(order.params.domainrenewals).toEqual({ [a!.domainName]: 2, [b!.domainName]: 2 });
    const again = await cli(dataDir, ['domains', 'renew', a!.domainName, '--years', '1']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Nothing to renew: ${a!.domainName} has a renewal queued already`);
    const years = await cli(dataDir, ['domains', 'renew', a!.domainName, '--years', '11']);
    expect(years.code).toBe(2);
    expect(years.stderr).toMatch(/--years must be a whole number from 1 to 10/);
  });
});

describe('whois, whois-info and epp', () => {
  it('says a name\'s availability with its prices, and the registry\'s text', async () => {
    const name = domains[0]!.domainName;
    const run = await cli(dataDir, ['whois', name], { secrets: secretsOf(sb) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')}: registered`));
    expect(run.stdout).toMatch(/ACTION\s+1 YEAR/);
    const info = await cli(dataDir, ['whois-info', name], { secrets: secretsOf(sb) });
    expect(info.code, info.stderr).toBe(0);
    expect(info.stdout.toLowerCase()).toContain(name.toLowerCase());
  });

  it('prints nothing until the EPP code has come back, queuing the request once; then the code', async () => {
    const names = domains.filter((d) => d.status === 'Active').slice(2, 8).map((d) => d.domainName);
    for (const name of names) {
      const first = await cli(dataDir, ['epp', name]);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe('');
      expect(first.stderr).toMatch(/yet: requested \(#\d+\)/);
    }
    const second = await cli(dataDir, ['epp', names[0]!]);
    expect(second.stdout).toBe('');
    expect(second.stderr).toMatch(/is queued \(#\d+, queued\)/);
    expect((await outbox()).filter((e) => e.kind === 'domain-request-epp')).toHaveLength(names.length);

    expect((await cli(dataDir, ['sync'], { secrets: secretsOf(sb) })).code).toBe(0);
    const codes = [];
    for (const name of names) {
      const run = await cli(dataDir, ['epp', name]);
      expect(run.code, run.stderr).toBe(0);
      if (run.stdout !== '') codes.push(run.stdout.trim());
      else expect(run.stderr).toMatch(/e-mails the EPP code|is queued|came back, but without an OS keychain/);
    }
    // Without a keychain a code lives only in the command that received it (the sync): none is printed later.
    const keychain = !/without an OS keychain/.test((await cli(dataDir, ['epp', names[0]!])).stderr);
    if (keychain) expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) expect(code).toMatch(/^\S+$/);
  });
});

describe('help', () => {
  it('lists the new commands and says what each takes', async () => {
    const usage = await cli(dataDir, ['--help']);
    for (const command of ['contacts import FILE', 'contacts update', 'domains renew NAME…', 'whois NAME', 'whois-info NAME', 'epp NAME']) expect(usage.stdout).toContain(command);
    const help = await cli(dataDir, ['help', 'contacts', 'update']);
    expect(help.stdout).toContain('--clear FIELD');
    expect(help.stdout).toContain('The provider cannot blank a text field');
  });
});
