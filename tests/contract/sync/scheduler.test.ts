/**
 * When syncs run: on start, on the interval, sooner while offline, on reconnect, on demand, never two at once.
 * The scheduler's timers are fake (the syncs and the provider are real), so each wait is checked exactly.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { SyncScheduler, type SyncSummary, type Syncer } from '../../../electron/core/sync/index.js';
import { FakeTime } from '../../fake-time.js';
import { setUpSync, startTestSandbox, type SyncSetup } from './harness.js';

const MINUTE = 60_000;

const running: RunningSandbox[] = [];
const setups: SyncSetup[] = [];
const schedulers: SyncScheduler[] = [];

afterEach(async () => {
  for (const scheduler of schedulers.splice(0)) scheduler.dispose();
  for (const setup of setups.splice(0)) setup.close();
  for (const sb of running.splice(0)) await sb.stop();
});

async function start(overrides: Parameters<typeof startTestSandbox>[0] = {}) {
  const sb = await startTestSandbox(overrides);
  running.push(sb);
  return sb;
}

async function setUp(sb: RunningSandbox) {
  const setup = await setUpSync(sb);
  setups.push(setup);
  return setup;
}

function schedule(syncer: Syncer, options: ConstructorParameters<typeof SyncScheduler>[1], time = new FakeTime()) {
  const scheduler = new SyncScheduler(syncer, { ...options, timers: time.timers });
  schedulers.push(scheduler);
  return scheduler;
}

/** The next summary matching `accept`, or a rejection after `ms`. */
function nextSummary(syncer: Syncer, accept: (s: SyncSummary) => boolean, ms = 10_000): Promise<SyncSummary> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      syncer.off('sync.summary', listener);
      reject(new Error('no matching sync summary'));
    }, ms);
    const listener = (summary: SyncSummary) => {
      if (!accept(summary)) return;
      clearTimeout(timer);
      syncer.off('sync.summary', listener);
      resolve(summary);
    };
    syncer.on('sync.summary', listener);
  });
}

/** Resolves once the syncer's next probe has settled. */
function probeSettles(syncer: Syncer): Promise<void> {
  const probe = syncer.probe.bind(syncer);
  return new Promise((resolve) => {
    syncer.probe = async () => {
      syncer.probe = probe;
      try {
        return await probe();
      } finally {
        setImmediate(resolve);
      }
    };
  });
}

/** Waits (on real time, bounded) until `done` holds. */
async function until(done: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('sync scheduler', () => {
  it('syncs on start; an automatic request during the run joins it, the person’s runs after it', async () => {
    const { syncer, mirror } = await setUp(await start());
    const scheduler = schedule(syncer, { intervalMinutes: 0 });
    const first = scheduler.start();
    const joined = syncer.sync({ trigger: 'reconnect' });
    const asked = scheduler.syncNow();
    expect(syncer.running).toBe(true);
    const [started, again, theirs] = await Promise.all([first, joined, asked]);
    expect(again.runId).toBe(started.runId);
    expect(started).toMatchObject({ trigger: 'start', outcome: 'ok' });
    // The start's run may have read a list before the person asked: theirs is a run of its own, after it.
    expect(theirs).toMatchObject({ trigger: 'demand', outcome: 'ok' });
    expect(theirs.runId).not.toBe(started.runId);
    expect(mirror.syncRuns()).toHaveLength(2);
    // Once finished, a request starts a new run.
    expect((await scheduler.syncNow()).trigger).toBe('demand');
    expect(mirror.syncRuns()).toHaveLength(3);
  }, 60_000);

  it('syncs again on the interval, counted from the end of the last run, and stops when set to 0 or stopped', async () => {
    const { syncer, mirror } = await setUp(await start());
    const time = new FakeTime();
    const scheduler = schedule(syncer, { intervalMinutes: 15 }, time);
    await scheduler.start();
    expect(time.pending()).toEqual([15 * MINUTE]);

    time.advance(15 * MINUTE - 1);
    expect(mirror.syncRuns(100)).toHaveLength(1);
    const interval = nextSummary(syncer, (s) => s.trigger === 'interval');
    time.advance(1);
    expect((await interval).outcome).toBe('ok');
    expect(mirror.syncRuns(100)).toHaveLength(2);
    expect(time.pending()).toEqual([15 * MINUTE]);

    // A new interval counts from now.
    time.advance(5 * MINUTE);
    scheduler.setIntervalMinutes(30);
    expect(time.pending()).toEqual([30 * MINUTE]);
    scheduler.setIntervalMinutes(0);
    expect(time.pending()).toEqual([]);
    time.advance(24 * 60 * MINUTE);
    expect(mirror.syncRuns(100)).toHaveLength(2);

    scheduler.setIntervalMinutes(15);
    expect(time.pending()).toEqual([15 * MINUTE]);
    scheduler.dispose();
    expect(time.pending()).toEqual([]);
    time.advance(24 * 60 * MINUTE);
    expect(mirror.syncRuns(100)).toHaveLength(2);
  }, 60_000);

  it('while offline it probes (no sync run, no progress), sooner than the interval, and the probe that gets through syncs at once', async () => {
    const sb = await start();
    const { syncer, mirror } = await setUp(sb);
    const ports = { port: Number(new URL(sb.baseUrl).port), altPort: Number(new URL(sb.altBaseUrl).port) };
    await sb.stop();
    running.splice(0);
    const time = new FakeTime();
    const scheduler = schedule(syncer, { intervalMinutes: 60, probes: { firstMs: 1_000, offlineMaxMs: 4_000 } }, time);
    expect((await scheduler.start()).outcome).toBe('failed');
    expect(syncer.connectivity.state).toBe('offline');
    expect(syncer.connectivity.status.reason).toMatchObject({ kind: 'network', code: 'ECONNREFUSED', host: '127.0.0.1' });
    expect(time.pending()).toEqual([1_000]);

    // Probes while offline: each one request, no sync run, no progress; the waits grow to the offline cap.
    const progress: unknown[] = [];
    syncer.on('sync.progress', (p) => progress.push(p));
    for (const wait of [1_000, 2_000, 4_000, 4_000]) {
      expect(time.pending()).toEqual([wait]);
      const probed = probeSettles(syncer);
      time.advance(wait);
      await probed;
      await until(() => time.pending().length === 1);
    }
    expect(progress).toEqual([]);
    expect(mirror.syncRuns(100)).toHaveLength(1);
    expect(syncer.connectivity.state).toBe('offline');

    await start(ports);
    const recovered = nextSummary(syncer, (s) => s.outcome === 'ok');
    time.advance(4_000);
    expect((await recovered).trigger).toBe('reconnect');
    expect(syncer.connectivity.state).toBe('online');
    // Online again: back to the interval.
    expect(time.pending()).toEqual([60 * MINUTE]);
  }, 60_000);

  it('while the provider fails it is probed at most every 8 s, each wait jittered, so its return after 45 s is felt within 10 s (issue 35.10)', async () => {
    const sb = await start();
    const { syncer, mirror } = await setUp(sb);
    sb.setFaults({ http500: 1 });
    const time = new FakeTime();
    const draws = [0.9, 0.1, 0.5, 0, 0.99, 0.3, 0.7, 0.2, 0.6, 0.4];
    const scheduler = new SyncScheduler(syncer, { intervalMinutes: 60, timers: time.timers, random: () => draws.shift() ?? 0.5 });
    schedulers.push(scheduler);
    expect((await scheduler.start()).outcome).toBe('failed');
    expect(syncer.connectivity.state).toBe('failing');

    // 45 s of a failing provider: the waits double to 8 s, each shortened by up to a quarter at random.
    const waits: number[] = [];
    let elapsed = 0;
    while (elapsed < 45_000) {
      const [wait] = time.pending();
      waits.push(wait!);
      const probed = probeSettles(syncer);
      time.advance(wait!);
      elapsed += wait!;
      await probed;
      await until(() => time.pending().length === 1);
    }
    expect(waits.slice(0, 5)).toEqual([1_000 * (1 - 0.25 * 0.9), 2_000 * (1 - 0.25 * 0.1), 4_000 * (1 - 0.25 * 0.5), 8_000, Math.round(8_000 * (1 - 0.25 * 0.99))]);
    for (const wait of waits.slice(3)) expect(wait).toBeGreaterThanOrEqual(6_000);
    expect(Math.max(...waits)).toBeLessThanOrEqual(8_000);
    expect(syncer.connectivity.state).toBe('failing');
    expect(mirror.syncRuns(100)).toHaveLength(1);

    // It answers again: the next probe, within 8 s, brings the app back and syncs.
    sb.setFaults({ http500: 0 });
    const recovered = nextSummary(syncer, (summary) => summary.outcome === 'ok');
    const [next] = time.pending();
    expect(next).toBeLessThanOrEqual(8_000);
    time.advance(next!);
    expect((await recovered).trigger).toBe('reconnect');
    expect(syncer.connectivity.state).toBe('online');
  }, 60_000);

  it('a request by someone else that gets through after being offline triggers a reconnect sync', async () => {
    const sb = await start();
    const { syncer, client } = await setUp(sb);
    const scheduler = schedule(syncer, { intervalMinutes: 0 });
    await scheduler.start();
    const ports = { port: Number(new URL(sb.baseUrl).port), altPort: Number(new URL(sb.altBaseUrl).port) };
    await sb.stop();
    running.splice(0);
    expect((await scheduler.syncNow()).outcome).toBe('failed');
    expect(syncer.connectivity.state).toBe('offline');

    await start(ports);
    const reconnect = nextSummary(syncer, (s) => s.trigger === 'reconnect');
    // E.g. the outbox replaying an edit through the shared monitor.
    await syncer.connectivity.observe(() => client.getSupportDepartments());
    expect(await reconnect).toMatchObject({ trigger: 'reconnect', outcome: 'ok' });
  }, 60_000);
});
