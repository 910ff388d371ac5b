/**
 * Failures nobody handled in the window (a component's error: Vue's app.config.errorHandler; a promise nobody
 * awaited: unhandledrejection; a script error), each reported once per window load: written to the engine's log
 * (app.reportError) and kept in `unhandled` for the notice that tells the person (AppErrorNotice.vue). Nothing
 * is swallowed silently, and a failure that repeats (a render error on every update) fills neither the log nor
 * the screen.
 */
import type { App, ComponentPublicInstance } from 'vue';
import { shallowRef } from 'vue';
import type { WindowError } from '../../shared/window-error';
import { desk } from './bridge';

/** The failures to tell the person about, oldest first; the notice removes what is dismissed. */
export const unhandled = shallowRef<Array<{ key: string; error: unknown }>>([]);

const reported = new Set<string>();
/** At most this many reports per window load: past it, a loop of failures is one more line, not thousands. */
const REPORTS_MAX = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : typeof error === 'string' ? error : JSON.stringify(error) ?? String(error)).slice(0, 2000) || 'no message';

/** Reports one failure, unless this one (same source, place and message) was reported already. */
export function reportUnhandled(source: WindowError['source'], error: unknown, where?: string): void {
  const message = messageOf(error);
  const key = `${source}|${where ?? ''}|${message}`;
  if (reported.has(key) || reported.size >= REPORTS_MAX) return;
  reported.add(key);
  unhandled.value = [...unhandled.value, { key, error }];
  void desk()
    .call('app.reportError', { source, message, ...(where ? { where: where.slice(0, 200) } : {}) })
    // The engine is out of reach (a web host gone): the notice still says it; the console keeps it for a developer.
    .catch(() => console.error('reseller-desk: not logged', message));
}

const componentName = (instance: ComponentPublicInstance | null, info: string) => {
  const name = instance?.$options.name ?? instance?.$options.__name;
  return name ? `${name}, ${info}` : info;
};

export function installErrorReporting(app: App, target: Window = window): void {
  app.config.errorHandler = (error, instance, info) => reportUnhandled('component', error, componentName(instance, info));
  target.addEventListener('unhandledrejection', (event) => {
    event.preventDefault();
    reportUnhandled('promise', event.reason);
  });
  target.addEventListener('error', (event) => reportUnhandled('script', event.error ?? event.message, event.filename ? `${event.filename}:${event.lineno}` : undefined));
}
