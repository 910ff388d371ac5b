import { existsSync } from 'node:fs';
import { expect, test, _electron as electron } from '@playwright/test';

// The Electron binary cannot be downloaded on our build machines (no access to its release host); these specs
// run where one exists: set ELECTRON_OVERRIDE_DIST_PATH to the folder holding it.
const distPath = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const binary = distPath && (process.platform === 'darwin'
  ? `${distPath}/Electron.app/Contents/MacOS/Electron`
  : `${distPath}/electron${process.platform === 'win32' ? '.exe' : ''}`);
const hasElectron = Boolean(binary && existsSync(binary));

test.describe('Electron window', () => {
  test.skip(!hasElectron, 'no Electron binary here (set ELECTRON_OVERRIDE_DIST_PATH to run the Electron specs)');

  test('opens a sandboxed window showing the app', async () => {
    const app = await electron.launch({ executablePath: binary!, args: ['.'] });
    const window = await app.firstWindow();
    // With no account set up, the window opens on the demo account: its dashboard, in the frame.
    await expect(window.getByRole('link', { name: 'Domains' })).toBeVisible();
    expect(await window.evaluate(() => globalThis.window.desk.host)).toBe('electron');
    // Sandboxed, isolated and without node integration: the page sees neither require nor process.
    const nodeGlobals = await window.evaluate(() => [typeof (globalThis as Record<string, unknown>).require,
      typeof (globalThis as Record<string, unknown>).process]);
    expect(nodeGlobals).toEqual(['undefined', 'undefined']);
    await app.close();
  });
});
