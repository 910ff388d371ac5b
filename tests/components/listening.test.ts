/**
 * The renderer's one way to listen (useDeskEvent) and to keep data current (useRefresh), and its report of
 * failures nobody handled (app-errors.ts), on a real engine behind the bridge: listeners end with their scope;
 * a failed load keeps the last good value and says why until a load succeeds; an unhandled failure is written to
 * the engine's log once and told once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineComponent, effectScope, h, ref } from 'vue';
import { unhandled, reportUnhandled } from '../../renderer/src/app-errors.js';
import { desk } from '../../renderer/src/bridge/index.js';
import { useDeskEvent } from '../../renderer/src/composables/desk-event.js';
import { useRefresh } from '../../renderer/src/composables/refresh.js';
import { mountInApp, openEngine, type Engine } from './harness.js';

let engine: Engine;
beforeAll(async () => {
  engine = await openEngine();
});
afterAll(async () => {
  await engine?.close();
});

const themes = ['dark', 'light', 'system'] as const;
let turn = 0;
/** A real settings.changed from the engine (each time a different theme, so it is a change). */
async function changeSettings(): Promise<void> {
  await engine.desk.call('settings.set', { theme: themes[turn++ % themes.length] });
  await engine.host.idle();
}

describe('useDeskEvent', () => {
  it('hears the engine while its component is mounted, and lets go when it is unmounted', async () => {
    const before = engine.host.listenerCount();
    const heard: string[] = [];
    const Listening = defineComponent({
      setup() {
        useDeskEvent('settings.changed', (saved) => heard.push(saved.theme));
        return () => h('p');
      },
    });
    const wrapper = mountInApp(Listening);
    expect(engine.host.listenerCount()).toBe(before + 1);
    await changeSettings();
    expect(heard).toHaveLength(1);
    wrapper.unmount();
    expect(engine.host.listenerCount()).toBe(before);
    await changeSettings();
    expect(heard).toHaveLength(1);
  });

  it('refuses to listen outside a scope, where nothing would stop it', () => {
    expect(() => useDeskEvent('settings.changed', () => undefined)).toThrow(/outside a component, store or effect scope/);
  });

  it('stops sooner when asked, once, and the scope ending after does no harm', () => {
    const before = engine.host.listenerCount();
    const scope = effectScope();
    const stop = scope.run(() => useDeskEvent('data.changed', () => undefined))!;
    expect(engine.host.listenerCount()).toBe(before + 1);
    stop();
    stop();
    expect(engine.host.listenerCount()).toBe(before);
    scope.stop();
    expect(engine.host.listenerCount()).toBe(before);
  });
});

describe('useRefresh', () => {
  it('keeps the last good value when a load fails, and says why', async () => {
    const scope = effectScope();
    const answer = ref<string | null>(null);
    // A load that needs the provider: a sync of the client record, failing when the sync does (as it rejects once offline).
    const refresh = scope.run(() =>
      useRefresh(['settings.changed'], async () => {
        const summary = await desk().call('sync.run', { only: ['client'] });
        if (summary.outcome !== 'ok') throw summary.resources[0]!.problem;
        answer.value = summary.outcome;
      }),
    )!;
    await engine.host.idle();
    expect(refresh.loading.value).toBe(false);
    expect(refresh.error.value).toBeNull();
    expect(answer.value).toBe('ok');

    await engine.stopProvider();
    await changeSettings();
    expect(answer.value).toBe('ok');
    expect(refresh.error.value).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });

    scope.stop();
    const listening = engine.host.listenerCount();
    await changeSettings();
    expect(engine.host.listenerCount()).toBe(listening);
  });

  it('clears the error once a load succeeds (Try again)', async () => {
    const scope = effectScope();
    let calls = 0;
    const refresh = scope.run(() =>
      useRefresh([], async () => {
        if (++calls === 1) throw new Error('the first read failed');
      }),
    )!;
    await engine.host.idle();
    expect(refresh.error.value).toMatchObject({ message: 'the first read failed' });
    await refresh.retry();
    expect(refresh.error.value).toBeNull();
    scope.stop();
  });

  it('tells only the latest load: an older one failing after a newer one succeeded is not shown', async () => {
    const scope = effectScope();
    let calls = 0;
    const releases: Array<() => void> = [];
    const refresh = scope.run(() =>
      useRefresh([], () => {
        const mine = ++calls;
        return new Promise<void>((resolve, reject) => releases.push(() => (mine === 1 ? reject(new Error('stale')) : resolve())));
      }),
    )!;
    await engine.host.idle();
    const second = refresh.retry();
    await engine.host.idle();
    releases[1]!();
    await second;
    releases[0]!();
    await engine.host.idle();
    expect(refresh.error.value).toBeNull();
    scope.stop();
  });
});

describe('failures nobody handled', () => {
  it('are written to the engine’s log once and told once, however often they happen', async () => {
    const Failing = defineComponent({
      name: 'FailingButton',
      setup() {
        return () => h('button', { onClick: () => { throw new Error('the button broke: 7f3c'); } }, 'Go');
      },
    });
    const { installErrorReporting } = await import('../../renderer/src/app-errors.js');
    const wrapper = mountInApp(Failing, { global: { plugins: [{ install: (app) => installErrorReporting(app) }] } });
    await wrapper.get('button').trigger('click');
    await wrapper.get('button').trigger('click');
    reportUnhandled('promise', new Error('nobody awaited: 9d21'));
    reportUnhandled('promise', new Error('nobody awaited: 9d21'));
    await engine.host.idle();

    const log = engine.desk.diagnostics({ app: 'test', electron: null });
    expect(log.match(/the button broke: 7f3c/g)).toHaveLength(1);
    expect(log).toMatch(/the window: a component failed \(FailingButton, [^)]*\): the button broke: 7f3c/);
    expect(log.match(/the window: a promise nobody awaited failed: nobody awaited: 9d21/g)).toHaveLength(1);
    expect(unhandled.value.map((u) => (u.error as Error).message)).toEqual(['the button broke: 7f3c', 'nobody awaited: 9d21']);
    wrapper.unmount();
  });
});
