/**
 * print.savePdf in the desktop app: the asking page printed with Electron's printToPDF (its print stylesheet
 * shows only the invoice's copy), saved where the person chooses in the system's save dialog.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, type WebContents } from 'electron';
import type { ParsedInput } from '../core/desk/handlers.js';

export async function savePdf({ fileName }: ParsedInput<'print.savePdf'>, sender: unknown): Promise<{ saved: boolean }> {
  const page = sender as WebContents;
  const window = BrowserWindow.fromWebContents(page);
  const options = { defaultPath: join(app.getPath('documents'), fileName), filters: [{ name: 'PDF', extensions: ['pdf'] }] };
  const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  if (choice.canceled || !choice.filePath) return { saved: false };
  const pdf = await page.printToPDF({ pageSize: 'A4', printBackground: false });
  await writeFile(choice.filePath, pdf);
  return { saved: true };
}
