/**
 * The Windows taskbar badge's pixels (electron/main/badge-image.ts): what it says for a count, a dot that is
 * round and clear outside, a white text centred on red, and one image for every count past 9.
 */
import { describe, expect, it } from 'vitest';
import { BADGE_SIZE, badgeText, drawBadge } from '../../electron/main/badge-image.js';

/** Pixel (x, y) as [b, g, r, a], premultiplied, as drawn. */
const at = (pixels: Buffer, x: number, y: number) => [...pixels.subarray((y * BADGE_SIZE + x) * 4, (y * BADGE_SIZE + x) * 4 + 4)];
const isWhite = (p: number[]) => p.every((v) => v === 255);

describe('the taskbar badge', () => {
  it('says nothing for none (or what is not a count), a digit up to 9 and 9+ beyond', () => {
    expect([0, -1, 2.5, Number.NaN].map(badgeText)).toEqual(['', '', '', '']);
    expect([1, 9, 10, 250].map(badgeText)).toEqual(['1', '9', '9+', '9+']);
    expect(drawBadge(0)).toBeNull();
  });

  it('is a round red dot, clear outside it, its edge partly covered', () => {
    const pixels = drawBadge(1)!;
    expect(pixels.length).toBe(BADGE_SIZE * BADGE_SIZE * 4);
    for (const [x, y] of [[0, 0], [31, 0], [0, 31], [31, 31]]) expect(at(pixels, x!, y!)).toEqual([0, 0, 0, 0]);
    expect(at(pixels, 16, 1)).toEqual([0x1c, 0x2b, 0xc4, 255]);
    const edge = at(pixels, 4, 5)[3]!;
    expect(edge).toBeGreaterThan(0);
    expect(edge).toBeLessThan(255);
    // Round: the same coverage at the four mirrored places.
    expect(at(pixels, 27, 5)[3]).toBe(edge);
    expect(at(pixels, 4, 26)[3]).toBe(edge);
    expect(at(pixels, 27, 26)[3]).toBe(edge);
  });

  it('writes each count its own way in white, centred, and every count past 9 alike', () => {
    const images = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => drawBadge(n)!.toString('base64'));
    expect(new Set(images).size).toBe(10);
    expect(drawBadge(42)!.equals(drawBadge(10)!)).toBe(true);
    const white = (pixels: Buffer) => {
      const xs: number[] = [];
      for (let y = 0; y < BADGE_SIZE; y++) for (let x = 0; x < BADGE_SIZE; x++) if (isWhite(at(pixels, x, y))) xs.push(x);
      return xs;
    };
    for (const n of [8, 10]) {
      const xs = white(drawBadge(n)!);
      expect(xs.length).toBeGreaterThan(0);
      // As much room on the left of the text as on its right, to a pixel.
      expect(Math.abs(Math.min(...xs) - (BADGE_SIZE - 1 - Math.max(...xs)))).toBeLessThanOrEqual(1);
    }
  });
});
