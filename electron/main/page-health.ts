/**
 * When the window's page cannot go on: its renderer crashed or was killed, or the app's own page failed to
 * load. Instead of a blank window, a page that says what happened and offers Reload (renderer/window-failed.html,
 * no script: the reason is its address's fragment, and Reload an in-page link answered here by loading the app
 * again); each is logged. A page that stops answering is logged, and logged again when it answers. Edits are
 * safe whatever happened to the page: the outbox is in the main process, on disk.
 */
import type { BrowserWindow } from 'electron';

/** The reasons the failure page can say (the ids of its headings). */
export type PageFailure = 'crashed' | 'oom' | 'killed' | 'load-failed';

/** Chromium's code for a navigation that was cancelled (our own will-navigate guard): not a failure. */
const ERR_ABORTED = -3;
const RELOAD_HASH = '#reload';

/** Electron's render-process-gone reasons, as the failure page says them. */
export function failureOf(reason: string): PageFailure {
  if (reason === 'oom') return 'oom';
  if (reason === 'killed') return 'killed';
  return 'crashed';
}

export interface PageLoads {
  app(): void;
  /** Loads the failure page at `fragment`: the failure, in the person's language (failureFragment). */
  failure(failure: PageFailure): void;
}

/** The failure page's fragment: the reason, with "-it" for its Italian words. */
export function failureFragment(failure: PageFailure, language: 'en' | 'it'): string {
  return language === 'it' ? `${failure}-it` : failure;
}

export function guardPageHealth(window: BrowserWindow, load: PageLoads, log: (line: string) => void): void {
  let showingFailure = false;
  const show = (failure: PageFailure) => {
    if (window.isDestroyed()) return;
    showingFailure = true;
    load.failure(failure);
  };
  window.webContents.on('render-process-gone', (_event, details) => {
    log(`the window's page stopped (${details.reason}, exit code ${details.exitCode})`);
    show(failureOf(details.reason));
  });
  window.webContents.on('did-fail-load', (_event, code, description, url, isMainFrame) => {
    if (!isMainFrame || code === ERR_ABORTED || showingFailure) return;
    log(`the app's page failed to load: ${description} (${code}) ${url}`);
    show('load-failed');
  });
  window.webContents.on('did-navigate-in-page', (_event, url) => {
    if (!showingFailure || !url.endsWith(RELOAD_HASH)) return;
    showingFailure = false;
    log('the window is loading the app again');
    load.app();
  });
  window.on('unresponsive', () => log('the window is not responding'));
  window.on('responsive', () => log('the window is responding again'));
}
