/** What the network tests stand up: a CONNECT proxy (one that tunnels and counts, or one that refuses) and a CA with a server certificate. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestProxy {
  url: string;
  /** The host:port of each tunnel asked for, in order. */
  tunnels: string[];
  close(): Promise<void>;
}

/** A CONNECT proxy on loopback: tunnels every CONNECT (counted), or answers each with `refuse` when given. */
export async function startProxy(refuse?: { status: number; text: string }): Promise<TestProxy> {
  const tunnels: string[] = [];
  const server: Server = createServer((_req, res) => res.writeHead(405).end('CONNECT only'));
  server.on('connect', (req, client, head) => {
    const target = req.url ?? '';
    tunnels.push(target);
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
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
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
