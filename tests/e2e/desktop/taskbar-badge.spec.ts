/**
 * Windows' taskbar badge: Windows has no badge count, so the app sets its window's overlay icon (a red dot with
 * how many edits need the person, the number in words as its description) and clears it when nothing does.
 * Electron draws it on Windows and ignores it elsewhere, so the app sets it everywhere and the stand-in records it
 * on Linux too; the image is checked pixel by pixel and drawn to be looked at.
 */
import { expect, test, type Page } from '@playwright/test';
import { invoke } from '../fixtures/page-bridge.js';
import type { StandinRecord } from './standin/control.js';
import type { DesktopApp } from './fixtures/desktop-app.js';
import { desktopOnProvider } from './fixtures/desktop-on-provider.js';
import { drawOverlay } from './fixtures/draw-surface.js';

test.describe.configure({ mode: 'serial' });

let desktop: DesktopApp;
let page: Page;
let close: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  ({ desktop, page, close } = await desktopOnProvider('Desktop Taskbar'));
  test.skip(!desktop.standIn, 'a real binary has no recorder for setOverlayIcon (what it draws is the OS\'s)');
});
test.afterAll(() => close?.());

type Icon = { width: number; height: number; scaleFactor: number; bitmap: string };
const iconOf = (entry: StandinRecord) => entry.icon as Icon | null;
/** A pixel of the icon as [r, g, b, a], alpha undone (the bitmap is BGRA, premultiplied). */
function pixel(icon: Icon, x: number, y: number): [number, number, number, number] {
  const bytes = Buffer.from(icon.bitmap, 'base64');
  const at = (y * icon.width * icon.scaleFactor + x) * 4;
  const alpha = bytes[at + 3]!;
  const undo = (v: number) => (alpha === 0 ? 0 : Math.round((v * 255) / alpha));
  return [undo(bytes[at + 2]!), undo(bytes[at + 1]!), undo(bytes[at]!), alpha];
}

test('edits that need the person set a red dot with their number on the taskbar button, said in words; none clears it', async ({ browser }) => {
  const first = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_999, city: 'Trento' } });
  const one = await desktop.waitFor('overlay-icon', (entry) => entry.description === '1 edit needs you', { timeout: 60_000 });
  const icon = iconOf(one)!;
  expect(icon).toMatchObject({ width: 16, height: 16, scaleFactor: 2 });
  // The corners are clear, the dot's edge red, the digit's strokes white.
  expect(pixel(icon, 0, 0)[3]).toBe(0);
  expect(pixel(icon, 16, 2)).toEqual([0xc4, 0x2b, 0x1c, 255]);
  expect(pixel(icon, 15, 7)).toEqual([255, 255, 255, 255]);
  await drawOverlay(browser, icon, 'desktop-taskbar-badge-1');

  const second = await invoke(page, 'outbox.enqueue', { kind: 'update-contact', params: { contactid: 999_998, city: 'Merano' } });
  const two = await desktop.waitFor('overlay-icon', (entry) => entry.description === '2 edits need you', { timeout: 60_000 });
  expect(iconOf(two)!.bitmap).not.toBe(icon.bitmap);

  await invoke(page, 'outbox.discard', { id: first.id });
  await invoke(page, 'outbox.discard', { id: second.id });
  const cleared = await desktop.waitFor('overlay-icon', (entry) => entry.icon === null, { timeout: 60_000 });
  expect(cleared.description).toBe('');
});
