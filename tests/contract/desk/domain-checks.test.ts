/**
 * domains.recent through Desk.call against the sandbox provider: the domains checked with domains.whois,
 * newest first, once each, with the availability the provider gave; still there when the provider is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;
/** The Desk's clock: each check is dated by it, and the test moves it on. */
let now = Date.parse('2026-03-01T09:00:00Z');

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('desk-domain-checks-', { clock: () => now }));
});

afterAll(() => close?.());

describe('domains.recent', () => {
  it('is empty before any check', async () => {
    expect(await desk.call('domains.recent')).toEqual([]);
  });

  it('lists the domains checked, newest first, once each, with the availability the provider gave', async () => {
    await desk.call('domains.whois', { domain: 'example.com' });
    now += 1000;
    await desk.call('domains.whois', { domain: 'Surely-Free-Name-5521.net' });
    now += 1000;
    await desk.call('domains.whois', { domain: 'example.com', refresh: true });

    const recent = await desk.call('domains.recent');
    expect(recent.map((c) => [c.domain, c.available])).toEqual([
      ['example.com', false],
      ['surely-free-name-5521.net', true],
    ]);
    expect(recent.map((c) => c.fetchedAt)).toEqual(['2026-03-01T09:00:02.000Z', '2026-03-01T09:00:01.000Z']);
    expect(await desk.call('domains.recent', { limit: 1 })).toHaveLength(1);
  });

  it('refuses a limit out of range with the field named', async () => {
    await expect(desk.call('domains.recent', { limit: 0 })).rejects.toMatchObject({ code: 'invalid_input', issues: [{ field: 'limit' }] });
  });

  it('still answers with the provider gone', async () => {
    await sb.stop();
    expect((await desk.call('domains.recent')).map((c) => c.domain)).toEqual(['example.com', 'surely-free-name-5521.net']);
  });
});
