/**
 * The desktop stand-in refuses what Electron refuses (its own spec, on a probe app: probe/main.js): a
 * sandboxed preload can require Electron's modules and events, timers, url, and nothing else; the context bridge
 * hands the page copies (a class instance as a plain object without its methods or getters, an Error as its
 * message alone, functions and promises proxied); IPC arguments and replies are structured clones (a function
 * cannot cross), a handler's throw reaches the page as Electron words it, and the main process sees the sender's
 * real frame. Skipped with a real binary, which is Electron itself.
 */
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DesktopApp, electronBinary } from './fixtures/desktop-app.js';

test.skip(electronBinary() !== null, 'the stand-in’s own spec: with a real binary the other desktop specs run in Electron itself');
test.describe.configure({ mode: 'serial' });

let desktop: DesktopApp;
let page: Page;
test.beforeAll(async () => {
  desktop = await DesktopApp.launch({ env: { STANDIN_MAIN: resolve(import.meta.dirname, 'probe/main.js') } });
  page = await desktop.window();
  await expect(page.getByRole('heading', { name: 'Stand-in probe' })).toBeVisible();
});
test.afterAll(async () => {
  await desktop.close();
});

/** What probe/preload.cjs exposes. */
interface Probe {
  refused: string[];
  emitter: string;
  processType: string;
  instance: Record<string, unknown>;
  echo(value: unknown): Promise<unknown>;
  throws(): Promise<unknown>;
  functionReply(): Promise<unknown>;
  instanceReply(): Promise<unknown>;
  oneElectron(): Promise<unknown>;
  sendFunction(): Promise<unknown>;
  failing(): void;
  later(): Promise<unknown>;
}
const probe = <T>(fn: (probe: Probe) => T | Promise<T>) => page.evaluate(`(${fn.toString()})(window.probe)`) as Promise<T>;

test('a sandboxed preload requires Electron’s modules and events, and nothing else', async () => {
  expect(await probe((p) => p.refused)).toEqual(['module not found: zod', 'module not found: fs', 'module not found: node:path', 'module not found: child_process']);
  expect(await probe((p) => [p.emitter, p.processType])).toEqual(['function', 'renderer']);
});

test('the context bridge hands over copies: no methods or getters of an instance, an Error’s message alone', async () => {
  expect(await probe((p) => ({ ...p.instance, hidden: typeof p.instance.hidden, proto: Object.getPrototypeOf(p.instance) === Object.prototype }))).toEqual({ shown: 'yes', hidden: 'undefined', proto: true });
  const thrown = await probe((p) => {
    try {
      p.failing();
      return null;
    } catch (error) {
      return [error instanceof Error, (error as Error).constructor.name, (error as Error).message, (error as { code?: string }).code ?? null];
    }
  });
  expect(thrown).toEqual([true, 'Error', 'from the preload', null]);
  expect(await probe((p) => p.later())).toEqual({ at: 'resolved' });
});

test('IPC crosses as structured clones, with Electron’s words for what cannot, and the real sender frame', async () => {
  expect(await probe((p) => p.echo({ when: new Date(0).toISOString(), list: [1, 'two'] }))).toEqual({ value: { when: '1970-01-01T00:00:00.000Z', list: [1, 'two'] }, trusted: true });
  expect(await probe((p) => p.sendFunction().then(() => 'sent', (e: Error) => e.message))).toBe('An object could not be cloned.');
  expect(await probe((p) => p.throws().then(() => 'answered', (e: Error) => e.message))).toBe("Error invoking remote method 'probe:throws': Error: refused by the main process");
  expect(await probe((p) => p.functionReply().then(() => 'answered', (e: Error) => e.message))).toMatch(/could not be cloned/);
  expect(await probe((p) => p.instanceReply())).toEqual({ name: 'Main' });
  // One electron module, imported or required (a second copy would be a second app, with its own quit).
  expect(await probe((p) => p.oneElectron())).toBe(true);
});
