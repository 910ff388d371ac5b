/**
 * What the network tests stand up: a CONNECT proxy (one that tunnels and counts, one that refuses, one that asks
 * for a sign-in), a SOCKS5
 * proxy (the same, with a sign-in when asked) and a CA with a server certificate.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';

export interface TestProxy {
  url: string;
  /** The host:port of each tunnel asked for, in order. */
  tunnels: string[];
  /** The Proxy-Authorization header of each CONNECT (null: none), in order. */
  authorizations: (string | null)[];
  close(): Promise<void>;
}

/** What a CONNECT proxy asks for: a Basic sign-in (user and password), or a scheme the app cannot answer (Negotiate). */
export interface ProxySignInAsked {
  scheme: string;
  user: string;
  password: string;
}

/**
 * A CONNECT proxy on loopback: tunnels every CONNECT (counted), or answers each with `refuse` when given; with
 * `signIn`, answers 407 (Proxy-Authenticate: the scheme, realm "corp") until a CONNECT carries its Basic sign-in.
 */
export async function startProxy(refuse?: { status: number; text: string }, signIn?: ProxySignInAsked): Promise<TestProxy> {
  const tunnels: string[] = [];
  const authorizations: (string | null)[] = [];
  const accepted = signIn && `Basic ${Buffer.from(`${signIn.user}:${signIn.password}`).toString('base64')}`;
  const server: Server = createServer((_req, res) => res.writeHead(405).end('CONNECT only'));
  // A tunnel's socket leaves the HTTP server: closed here, or close() would wait for a kept-alive one.
  const open = new Set<Duplex>();
  server.on('connect', (req, client, head) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    const target = req.url ?? '';
    tunnels.push(target);
    authorizations.push(req.headers['proxy-authorization'] ?? null);
    if (signIn && (signIn.scheme !== 'Basic' || req.headers['proxy-authorization'] !== accepted)) {
      const challenge = signIn.scheme === 'Basic' ? 'Basic realm="corp"' : signIn.scheme;
      client.end(`HTTP/1.1 407 Proxy Authentication Required\r\nproxy-authenticate: ${challenge}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      return;
    }
    if (refuse) {
      client.end(`HTTP/1.1 ${refuse.status} ${refuse.text}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
      return;
    }
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        for (const client of open) client.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface SocksOptions {
  /** A SOCKS5 reply code to refuse every CONNECT with (5: connection refused, 2: not allowed). */
  refuse?: number;
  /** A user name and password the proxy asks for (RFC 1929). */
  signIn?: { user: string; password: string };
}

/** Reads a SOCKS client's bytes as they come: `take(n)` resolves with the next n bytes. */
function byteReader(socket: Socket): (n: number) => Promise<Buffer> {
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  return async (n) => {
    while (buffered.length < n) await new Promise<void>((resolve) => (waiting = resolve));
    const taken = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return taken;
  };
}

/** One SOCKS5 conversation (RFC 1928, CONNECT only): the sign-in when asked, then a tunnel or a refusal. */
async function socksSession(client: Socket, tunnels: string[], options: SocksOptions): Promise<void> {
  const take = byteReader(client);
  const [, methodCount] = await take(2);
  const methods = [...(await take(methodCount!))];
  const wanted = options.signIn ? 0x02 : 0x00;
  if (!methods.includes(wanted)) return void client.end(Buffer.from([5, 0xff]));
  client.write(Buffer.from([5, wanted]));
  if (options.signIn) {
    const [, userLength] = await take(2);
    const user = (await take(userLength!)).toString();
    const [passwordLength] = await take(1);
    const password = (await take(passwordLength!)).toString();
    const ok = user === options.signIn.user && password === options.signIn.password;
    client.write(Buffer.from([1, ok ? 0 : 1]));
    if (!ok) return void client.end();
  }
  const [, , , addressType] = await take(4);
  const host =
    addressType === 3 ? (await take((await take(1))[0]!)).toString() : addressType === 1 ? [...(await take(4))].join('.') : (await take(16)).toString('hex');
  const port = (await take(2)).readUInt16BE(0);
  tunnels.push(`${host}:${port}`);
  const reply = (code: number) => Buffer.from([5, code, 0, 1, 0, 0, 0, 0, 0, 0]);
  if (options.refuse !== undefined) return void client.end(reply(options.refuse));
  const upstream = connect(port, host, () => {
    client.removeAllListeners('data');
    client.write(reply(0));
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.end(reply(5)));
  client.on('error', () => upstream.destroy());
}

/** A SOCKS5 proxy on loopback: tunnels every CONNECT (counted), or refuses each with `refuse`; asks for `signIn` when given. */
export async function startSocksProxy(options: SocksOptions = {}): Promise<TestProxy> {
  const tunnels: string[] = [];
  const clients = new Set<Socket>();
  const server = createTcpServer((client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    client.on('error', () => client.destroy());
    socksSession(client, tunnels, options).catch(() => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `socks5://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    authorizations: [],
    close: () =>
      new Promise((resolve) => {
        for (const client of clients) client.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface TestCa {
  /** The CA certificate's PEM file. */
  caFile: string;
  /** A server certificate for 127.0.0.1 and localhost signed by it, and its key (PEM text). */
  cert: string;
  key: string;
}

/** A CA of the test's own (openssl) and a server certificate it signed. */
export function makeCa(name: string): TestCa {
  const dir = mkdtempSync(join(tmpdir(), `test-ca-${name}-`));
  const at = (file: string) => join(dir, file);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', `/CN=${name} test CA`,
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1');
  const extensions = at('server.ext');
  writeFileSync(extensions, 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\n');
  openssl('x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-out', at('server.pem'), '-days', '2', '-extfile', extensions);
  return { caFile: at('ca.pem'), cert: readFileSync(at('server.pem'), 'utf8'), key: readFileSync(at('server.key'), 'utf8') };
}
