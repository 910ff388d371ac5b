/**
 * A failing token endpoint, counted on the sandbox: a provider may lock an account that hammers its login, so
 * one sync sends at most one grant per failure and then stops with the reason; the next sync tries once more.
 */
import { describe, expect, it } from 'vitest';
import { sandboxSyncPerTest } from './harness.js';

const sandboxSync = sandboxSyncPerTest();

describe('a token endpoint that fails', () => {
  it('costs one grant per sync, and the sync stops with the reason', async () => {
    const { sb, setup } = await sandboxSync();
    sb.setFaults({ tokenHttp500: 1 });
    sb.resetRequestCounts();

    const first = await setup.syncer.sync();
    expect(sb.requestCounts().token).toBe(1);
    expect(first.outcome).toBe('failed');
    const failed = first.resources.filter((r) => r.outcome === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toMatch(/500/);
    expect(first.resources.filter((r) => r.outcome === 'skipped').every((r) => /sign-in failed/.test(r.error ?? ''))).toBe(true);
    // No operation was sent without a token.
    expect(Object.keys(sb.requestCounts())).toEqual(['token']);

    await setup.syncer.sync();
    expect(sb.requestCounts().token).toBe(2);

    sb.setFaults({ tokenHttp500: 0 });
    const healed = await setup.syncer.sync();
    expect(healed.outcome).toBe('ok');
    expect(sb.requestCounts().token).toBe(3);
  });

  it('a renewal failing mid-sync (the token expired) also costs one grant', async () => {
    const { sb, setup } = await sandboxSync();
    expect((await setup.syncer.sync()).outcome).toBe('ok');
    sb.setFaults({ tokenHttp500: 1 });
    await fetch(`${sb.controlUrl}/tokens/expire`, { method: 'POST' });
    sb.resetRequestCounts();
    const summary = await setup.syncer.sync();
    expect(summary.outcome).not.toBe('ok');
    expect(sb.requestCounts().token).toBe(1);
  });
});
