/**
 * announcements.image against the sandbox provider over real HTTP: an announcement's image the sandbox serves
 * itself comes back as a data: URL of its type, which the page's CSP allows; addresses other than https: or
 * loopback http:, replies that are not an image (or are SVG) and replies over 5 MB are refused in words.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Desk } from '../../../electron/core/desk/index.js';
import type { RunningSandbox } from '../../../sandbox/options.js';
import { MAX_ANNOUNCEMENT_IMAGE_BYTES } from '../../../shared/announcement-image.js';
import { callError, deskOnSandbox } from './sandbox-desk.js';

let sb: RunningSandbox;
let desk: Desk;
let close: () => Promise<void>;
/** A loopback server answering what a test needs that the sandbox never serves. */
let odd: Server;
let oddOrigin: string;

beforeAll(async () => {
  ({ desk, sb, close } = await deskOnSandbox('announcement-images-'));
  odd = createServer((request, reply) => {
    if (request.url === '/page.html') return void reply.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
    if (request.url === '/logo.svg') return void reply.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (request.url === '/huge.png') return void reply.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(MAX_ANNOUNCEMENT_IMAGE_BYTES + 1));
    if (request.url === '/huge-unsized.png') {
      // No Content-Length: the cap holds as the bytes arrive.
      reply.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
      const piece = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 6; i++) reply.write(piece);
      return void reply.end();
    }
    if (request.url === '/away.png') return void reply.writeHead(302, { location: 'http://example.com/x.png' }).end();
    if (request.url === '/missing.png') return void reply.writeHead(404, { 'content-type': 'text/plain' }).end('no');
    reply.writeHead(500).end();
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddOrigin = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => odd?.close(resolve));
  await close?.();
});

describe('announcements.image', () => {
  it('an image a synced announcement embeds, from the sandbox, arrives as a data: URL of its type', async () => {
    expect((await desk.call('sync.run')).outcome).toBe('ok');
    const { rows } = await desk.call('data.list', { resource: 'announcements', limit: 100 });
    const html = rows.map((row) => String((row as { announcement?: string }).announcement ?? '')).find((body) => body.includes('<img'));
    const src = /<img[^>]*src="([^"]+)"/.exec(html ?? '')?.[1];
    expect(src).toBe(`${sb.baseUrl}/media/uplinks.png`);

    const image = await desk.call('announcements.image', { url: src! });
    expect(image.mime).toBe('image/png');
    expect(image.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    const bytes = Buffer.from(image.dataUrl.slice('data:image/png;base64,'.length), 'base64');
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(image.bytes).toBe(bytes.length);
    // The PNG's own header: 480 × 160.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([480, 160]);
  });

  it('refuses plain http to another machine, file: and what is no address, before anything is fetched', async () => {
    for (const url of ['http://example.com/x.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'ftp://example.com/x.png', 'not an address', 'https://user:secret@example.com/x.png']) {
      const error = await callError(desk.call('announcements.image', { url }));
      expect(error.code, url).toBe('invalid_input');
      expect(error.message, url).toMatch(/https:\/\/ address|not a web address/);
    }
  });

  it('refuses a reply that is not an image, or is SVG, naming what was sent', async () => {
    const page = await callError(desk.call('announcements.image', { url: `${oddOrigin}/page.html` }));
    expect(page.code).toBe('refused');
    expect(page.message).toMatch(/sent "text\/html", and that is not an image type/);
    const svg = await callError(desk.call('announcements.image', { url: `${oddOrigin}/logo.svg` }));
    expect(svg.code).toBe('refused');
    expect(svg.message).toMatch(/SVG images are not shown/);
  });

  it('refuses an image over 5 MB, whether its size is announced or not', async () => {
    for (const path of ['/huge.png', '/huge-unsized.png']) {
      const error = await callError(desk.call('announcements.image', { url: `${oddOrigin}${path}` }));
      expect(error.code, path).toBe('refused');
      expect(error.message, path).toMatch(/larger than 5 MB/);
    }
  });

  it('refuses a redirect to plain http elsewhere, and says a missing image’s status', async () => {
    const away = await callError(desk.call('announcements.image', { url: `${oddOrigin}/away.png` }));
    expect(away).toMatchObject({ code: 'refused', message: expect.stringMatching(/redirects to an address other than https:\/\//) });
    const missing = await callError(desk.call('announcements.image', { url: `${oddOrigin}/missing.png` }));
    expect(missing).toMatchObject({ code: 'refused', message: expect.stringMatching(/answered HTTP 404/) });
  });

  it('says in words when the image’s server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await callError(desk.call('announcements.image', { url: `http://127.0.0.1:${port}/x.png` }));
    expect(error).toMatchObject({ code: 'offline', message: expect.stringMatching(/could not be reached/) });
  });
});
