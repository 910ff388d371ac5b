/**
 * The provider's web site's images, as far as its announcements embed them: `GET /media/<name>.png` on the base
 * listener, no sign-in needed (an image on a web page). The images are drawn here, not stored: a small chart
 * as a real PNG, so that the app's "Show images" has something to show offline. Announcements name the
 * sandbox's own address with ANNOUNCEMENT_ORIGIN (store/announcements.ts), which get-announcements replaces with the address it was
 * asked at (the port is known only once the sandbox listens).
 */
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** The images served, by file name. */
export const MEDIA_IMAGES = { 'uplinks.png': () => uplinkChart() } as const;

let cache: Map<string, Buffer> | null = null;

export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>('/media/:name', (request, reply) => {
    const { name } = request.params;
    if (!Object.hasOwn(MEDIA_IMAGES, name)) return reply.code(404).send({ result: 'error', message: `Not found: /media/${name}` });
    cache ??= new Map();
    let image = cache.get(name);
    if (!image) cache.set(name, (image = MEDIA_IMAGES[name as keyof typeof MEDIA_IMAGES]()));
    return reply.type('image/png').header('cache-control', 'public, max-age=3600').send(image);
  });
}

/** A bar chart of two uplinks' load over 24 hours, 480 × 160, in the provider's blues. */
function uplinkChart(): Buffer {
  const width = 480;
  const height = 160;
  const pixel = (x: number, y: number): [number, number, number] => {
    if (y === height - 20 || x === 20) return [90, 100, 120];
    const hour = Math.floor((x - 24) / 19);
    if (x < 24 || hour >= 24 || (x - 24) % 19 > 14 || y > height - 21) return [246, 248, 252];
    const load = 0.35 + 0.3 * Math.sin((hour / 24) * 2 * Math.PI - 1.8) + 0.08 * Math.cos(hour * 1.7);
    const top = height - 20 - Math.round(load * (height - 40));
    if (y < top) return [246, 248, 252];
    return (x - 24) % 19 < 7 ? [37, 99, 235] : [96, 165, 250];
  };
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    rows[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      rows.set([r, g, b], row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter method, no interlace
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
