// Renders build/icon.svg into the icons electron-builder needs, and writes them beside it (committed; run again
// after changing the SVG: `node build/render-icons.mjs`). Rasterized by Chromium (Debian's, through Playwright)
// at each size, so small sizes are drawn for their size rather than scaled down; ICO and ICNS are assembled
// here from those PNGs (both formats hold PNG entries).
//   Linux: icons/NxN.png   Windows: icon.ico   macOS: icon.icns   and icon.png (1024) for the rest.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';

const dir = import.meta.dirname;
const svg = readFileSync(join(dir, 'icon.svg'), 'utf8');

const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
/** ICNS entry types and their pixel sizes (the @2x types are the next size up). */
const ICNS_TYPES = [
  ['icp4', 16], ['icp5', 32], ['icp6', 64], ['ic07', 128], ['ic08', 256], ['ic09', 512], ['ic10', 1024],
  ['ic11', 32], ['ic12', 64], ['ic13', 256], ['ic14', 512],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
const png = new Map();
for (const size of new Set([...LINUX_SIZES, ...ICO_SIZES, ...ICNS_TYPES.map(([, s]) => s)])) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0">${svg.replace('<svg ', `<svg style="display:block;width:${size}px;height:${size}px" `)}</body></html>`);
  png.set(size, await page.screenshot({ omitBackground: true }));
}
await browser.close();

mkdirSync(join(dir, 'icons'), { recursive: true });
for (const size of LINUX_SIZES) writeFileSync(join(dir, 'icons', `${size}x${size}.png`), png.get(size));
writeFileSync(join(dir, 'icon.png'), png.get(1024));
writeFileSync(join(dir, 'icon.ico'), ico(ICO_SIZES.map((size) => [size, png.get(size)])));
writeFileSync(join(dir, 'icon.icns'), icns(ICNS_TYPES.map(([type, size]) => [type, png.get(size)])));

/** ICO: a directory of PNG images (Windows Vista and later read PNG entries; 256 is written as 0). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(([size, data], i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(([, data]) => data)]);
}

/** ICNS: 'icns' and the file's length, then each entry as its type, its length (header included) and a PNG. */
function icns(entries) {
  const parts = entries.map(([type, data]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([head, data]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + parts.reduce((sum, part) => sum + part.length, 0), 4);
  return Buffer.concat([head, ...parts]);
}
