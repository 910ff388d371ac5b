/**
 * The taskbar's badge on Windows, which has no badge count (app.setBadgeCount is macOS's dock and Linux's
 * launchers): a red dot with how many edits need the person, drawn as raw pixels for
 * nativeImage.createFromBitmap (BGRA, alpha premultiplied, as toBitmap gives them) at twice the overlay's 16 px,
 * so it is sharp on a high-density screen. 1 to 9 as a digit, more as "9+"; the overlay's description says the
 * number in words for those who cannot see it.
 */

/** The overlay's side in pixels (16 logical pixels at scale factor 2). */
export const BADGE_SIZE = 32;
export const BADGE_SCALE = 2;

/** Windows' own danger red and white, as [r, g, b]. */
const RED = [0xc4, 0x2b, 0x1c] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

/** A 3×5 pixel font: each glyph's rows, top to bottom, as bits left to right. */
const GLYPHS: Record<string, readonly number[]> = {
  '1': [0b010, 0b110, 0b010, 0b010, 0b111],
  '2': [0b111, 0b001, 0b111, 0b100, 0b111],
  '3': [0b111, 0b001, 0b111, 0b001, 0b111],
  '4': [0b101, 0b101, 0b111, 0b001, 0b001],
  '5': [0b111, 0b100, 0b111, 0b001, 0b111],
  '6': [0b111, 0b100, 0b111, 0b101, 0b111],
  '7': [0b111, 0b001, 0b001, 0b001, 0b001],
  '8': [0b111, 0b101, 0b111, 0b101, 0b111],
  '9': [0b111, 0b101, 0b111, 0b001, 0b111],
  '+': [0b000, 0b010, 0b111, 0b010, 0b000],
};

/** What the badge says: nothing at 0, a digit up to 9, "9+" beyond. */
export function badgeText(count: number): string {
  if (!Number.isInteger(count) || count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}

/** Samples per pixel side for the dot's edge, so it is round rather than stepped. */
const EDGE_SAMPLES = 4;

/** How much of pixel (x, y) the dot covers, 0 to 1. */
function dotCoverage(x: number, y: number): number {
  const radius = BADGE_SIZE / 2;
  let inside = 0;
  for (let sy = 0; sy < EDGE_SAMPLES; sy++) {
    for (let sx = 0; sx < EDGE_SAMPLES; sx++) {
      const dx = x + (sx + 0.5) / EDGE_SAMPLES - radius;
      const dy = y + (sy + 0.5) / EDGE_SAMPLES - radius;
      if (dx * dx + dy * dy <= radius * radius) inside++;
    }
  }
  return inside / (EDGE_SAMPLES * EDGE_SAMPLES);
}

/** The text's pixels: a digit at 4 pixels a dot, "9+" at 3 with a gap, centred. */
function textPixels(text: string): Set<number> {
  const scale = text.length === 1 ? 4 : 3;
  const gap = scale;
  const width = text.length * 3 * scale + (text.length - 1) * gap;
  const left = Math.floor((BADGE_SIZE - width) / 2);
  const top = Math.floor((BADGE_SIZE - 5 * scale) / 2);
  const lit = new Set<number>();
  [...text].forEach((char, index) => {
    const glyph = GLYPHS[char]!;
    const glyphLeft = left + index * (3 * scale + gap);
    glyph.forEach((row, gy) => {
      for (let gx = 0; gx < 3; gx++) {
        if (!(row & (0b100 >> gx))) continue;
        for (let py = 0; py < scale; py++) {
          for (let px = 0; px < scale; px++) lit.add((top + gy * scale + py) * BADGE_SIZE + glyphLeft + gx * scale + px);
        }
      }
    });
  });
  return lit;
}

/** The badge's pixels for `count` (BGRA, premultiplied); null when there is nothing to show. */
export function drawBadge(count: number): Buffer | null {
  const text = badgeText(count);
  if (!text) return null;
  const lit = textPixels(text);
  const pixels = Buffer.alloc(BADGE_SIZE * BADGE_SIZE * 4);
  for (let y = 0; y < BADGE_SIZE; y++) {
    for (let x = 0; x < BADGE_SIZE; x++) {
      const alpha = dotCoverage(x, y);
      if (alpha === 0) continue;
      const [r, g, b] = lit.has(y * BADGE_SIZE + x) ? WHITE : RED;
      const at = (y * BADGE_SIZE + x) * 4;
      pixels[at] = Math.round(b * alpha);
      pixels[at + 1] = Math.round(g * alpha);
      pixels[at + 2] = Math.round(r * alpha);
      pixels[at + 3] = Math.round(255 * alpha);
    }
  }
  return pixels;
}
