/**
 * The window's remembered size, position and maximized state, and how a remembered state is restored: a
 * position is kept only while it still shows on a connected display (a monitor may have been unplugged), and
 * anything unreadable falls back to the default size, centred.
 */
import { z } from 'zod';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_SIZE = { width: 900, height: 600 } as const;
const DEFAULT_SIZE = { width: 1280, height: 800 } as const;

export const WindowStateSchema = z.object({
  x: z.int().optional(),
  y: z.int().optional(),
  width: z.int().min(MIN_SIZE.width),
  height: z.int().min(MIN_SIZE.height),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

/** How much of a window's title bar must be on a display for the remembered position to be kept. */
const VISIBLE_EDGE = 100;

function showsOn(bounds: Area, display: Area): boolean {
  const left = Math.max(bounds.x, display.x);
  const right = Math.min(bounds.x + bounds.width, display.x + display.width);
  const top = bounds.y;
  return right - left >= VISIBLE_EDGE && top >= display.y && top < display.y + display.height - VISIBLE_EDGE / 2;
}

/** The state to open the window with, from what was saved (anything) and the displays' work areas now. */
export function restoreWindowState(saved: unknown, workAreas: readonly Area[]): WindowState {
  const parsed = WindowStateSchema.safeParse(saved);
  if (!parsed.success) return { ...DEFAULT_SIZE, maximized: false };
  const { x, y, width, height, maximized } = parsed.data;
  if (x === undefined || y === undefined) return { width, height, maximized };
  const onScreen = workAreas.some((area) => showsOn({ x, y, width, height }, area));
  return onScreen ? { x, y, width, height, maximized } : { width, height, maximized };
}
