/**
 * What a component test mounts with: the app's own plugins (a fresh Pinia, the i18n of renderer/src/i18n in
 * English, the app's router when asked) and, for components that ask the engine, a real Desk behind the bridge:
 * an account on a sandbox provider of its own (real HTTP, real mirror and outbox files), installed with
 * `useBridge` as `window.desk` would be. `openEngine` once per file (beforeAll), its `close` after (afterAll).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mount, type ComponentMountingOptions } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import type { Component } from 'vue';
import { Desk } from '../../electron/core/desk/index.js';
import { MemoryVault } from '../../electron/core/vault/memory-vault.js';
import { typedBridge, useBridge } from '../../renderer/src/bridge/index.js';
import { i18n } from '../../renderer/src/i18n/index.js';
import { router } from '../../renderer/src/router.js';
import { startSandbox } from '../../sandbox/index.js';
import type { RunningSandbox } from '../../sandbox/options.js';
import { DeskHost } from './desk-host.js';

export interface Engine {
  desk: Desk;
  /** The provider: its faults (`setFaults`), its database, `stop` to take it away. */
  sb: RunningSandbox;
  host: DeskHost;
  /** Takes the provider away (nothing listens at its address), for the rest of the file. */
  stopProvider(): Promise<void>;
  /** Ends the Desk and the provider, removes the data folder. */
  close(): Promise<void>;
}

/**
 * A Desk on a temporary data folder with the account "Main" on a sandbox provider, installed as the renderer's
 * bridge. `sync`: the account synced once, so the lists have rows.
 */
export async function openEngine(options: { sync?: boolean } = {}): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'components-'));
  const sb = await startSandbox({ port: 0, altPort: 0, controlPort: 0, strict: true });
  const desk = await Desk.open({ dataDir: join(dir, 'data'), vault: new MemoryVault('components'), background: false, log: () => undefined });
  await desk.call('accounts.add', {
    name: 'Main', baseUrl: sb.baseUrl, altBaseUrl: sb.altBaseUrl, clientId: sb.clientId, username: sb.username,
    clientSecret: sb.clientSecret, password: sb.password,
  });
  if (options.sync) await desk.call('sync.run');
  const host = new DeskHost(desk);
  useBridge(typedBridge(host));
  let providerUp = true;
  const stopProvider = async () => {
    if (providerUp) await sb.stop();
    providerUp = false;
  };
  return {
    desk,
    sb,
    host,
    stopProvider,
    close: async () => {
      await desk.dispose();
      await stopProvider();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh Pinia, active for stores used outside a component too. */
export function freshPinia(): Pinia {
  const pinia = createPinia();
  setActivePinia(pinia);
  return pinia;
}

/**
 * Mounts a component with the app's plugins: a fresh Pinia (unless `pinia` is given), the i18n in English, and
 * with `routed` the app's router. Attached to the document, so focus and keys behave as in the page.
 */
export function mountInApp<C extends Component>(component: C, options: ComponentMountingOptions<C> & { pinia?: Pinia; routed?: boolean } = {}) {
  const { pinia = freshPinia(), routed = false, global = {}, ...rest } = options;
  i18n.global.locale.value = 'en';
  const plugins = [pinia, i18n, ...(routed ? [router] : []), ...(global.plugins ?? [])];
  return mount(component, { attachTo: document.body, ...rest, global: { ...global, plugins } });
}

/**
 * happy-dom lays nothing out (every element is 0×0), so a virtual list would draw no rows: elements matching
 * `selector` report this size as their clientWidth and clientHeight until the returned function is called.
 */
export function sizeElements(selector: string, size: { width: number; height: number }): () => void {
  const proto = HTMLElement.prototype;
  const sides = [['clientWidth', size.width], ['clientHeight', size.height]] as const;
  const own = sides.map(([name]) => Object.getOwnPropertyDescriptor(proto, name));
  for (const [name, px] of sides) {
    let owner: object | null = proto;
    while (owner && !Object.getOwnPropertyDescriptor(owner, name)) owner = Object.getPrototypeOf(owner);
    const laidOut = owner ? Object.getOwnPropertyDescriptor(owner, name)?.get : undefined;
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.matches(selector) ? px : laidOut?.call(this);
      },
    });
  }
  return () => {
    sides.forEach(([name], i) => {
      const before = own[i];
      if (before) Object.defineProperty(proto, name, before);
      else Reflect.deleteProperty(proto, name);
    });
  };
}
