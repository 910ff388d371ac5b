/**
 * A window whose page cannot load (a damaged install: the app's index.html unreadable) shows the failure page
 * in words, with Reload, instead of a blank window; once the file is back, Reload opens the app.
 */
import { expect, test } from '@playwright/test';
import { DesktopApp, electronBinary } from './fixtures/desktop-app.js';

test('a page that fails to load says so, and Reload brings the app once it can', async () => {
  test.skip(electronBinary() !== null, 'the damaged install is the stand-in’s (STANDIN_UNREADABLE): a real binary reads the built files as they are');
  const desktop = await DesktopApp.launch({ env: { STANDIN_UNREADABLE: 'out/renderer/index.html' } });
  try {
    const failed = await desktop.window((url) => url.endsWith('/out/renderer/window-failed.html#load-failed'));
    await expect(failed.getByRole('heading', { name: 'The app’s page could not be loaded.' })).toBeVisible();
    // The window was shown with the failure page: never a blank, hidden window.
    expect(desktop.all('window-shown')).toHaveLength(1);
    expect(desktop.log).toContain("the app's page failed to load");
    desktop.command({ type: 'repair-files' });
    await failed.getByRole('link', { name: 'Reload' }).click();
    const page = await desktop.window((url) => url.includes('/out/renderer/index.html'));
    await expect(page.locator('#app h1')).toBeVisible({ timeout: 60_000 });
  } finally {
    await desktop.close();
  }
});
