/**
 * The HTTP agents a client's requests go through: one per proxy (https-proxy-agent, a CONNECT tunnel for
 * https: and http: addresses alike; socks-proxy-agent for a SOCKS proxy, socks4/socks5) or a direct one, each
 * trusting Node's bundled authorities plus the account's extra CA certificate when it names one. A proxy that
 * refuses the tunnel fails the request with EPROXYREFUSED and its answer in words, instead of its answer being
 * read as the provider's.
 */
import type { ClientRequest } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { redactUrls } from '../../../shared/redact-url.js';
import type { ProxyLookup } from './proxy-route.js';

export interface NetworkOptions {
  /** Which proxy each address goes through (proxy-route.ts). */
  proxy: ProxyLookup;
  /** Extra CA certificates (PEM text) trusted besides the bundled ones (a TLS-inspecting proxy's). */
  extraCa?: string | null;
}

export interface RequestAgents {
  httpAgent: http.Agent;
  httpsAgent: http.Agent;
}

/** A proxy that refused the tunnel: an HTTP proxy's CONNECT answered with other than 200, a SOCKS proxy's refusal. */
export class ProxyRefusedError extends Error {
  readonly code = 'EPROXYREFUSED';

  /** why: what the proxy did, after "it" ("answers HTTP 403 Forbidden"). */
  constructor(proxy: string, target: string, why: string) {
    super(redactUrls(`the proxy ${proxy} refused the connection to ${target}: it ${why}`));
  }
}

const SIGN_IN_WORDS = 'asks for a user name and password, which the app does not give it';

/** An HTTP proxy's answer to CONNECT, after "it". */
const httpRefusal = (status: number, statusText: string) => (status === 407 ? SIGN_IN_WORDS : `answers HTTP ${status}${statusText ? ` ${statusText}` : ''}`);

/** A SOCKS proxy's reply (the socks package names it after its message's dash), after "it". */
const SOCKS_REFUSALS: Record<string, string> = {
  NotAllowed: 'does not allow connections there',
  NetworkUnreachable: 'cannot reach that network',
  HostUnreachable: 'cannot reach that host',
  ConnectionRefused: 'was refused by that address',
  TTLExpired: 'gave up on the way there',
  Failure: 'failed to connect there',
  // SOCKS4's replies.
  Rejected: 'does not allow connections there',
  Failed: 'failed to connect there',
};

function socksRefusal(message: string): string | null {
  if (/authentication/i.test(message)) return /failed/i.test(message) ? 'refused the user name and password in its address' : SIGN_IN_WORDS;
  if (!/rejected connection/i.test(message)) return null;
  const reply = /-\s*\(?(\w+)\)?\s*$/.exec(message)?.[1] ?? '';
  return SOCKS_REFUSALS[reply] ?? `answers: ${message}`;
}

type ConnectOptions = Parameters<HttpsProxyAgent<string>['connect']>[1];

class TunnelAgent extends HttpsProxyAgent<string> {
  /** The authorities trusted for the server at the tunnel's end (the constructor's `ca` is for an https: proxy itself). */
  constructor(proxy: string, private readonly ca: string[] | undefined) {
    super(proxy, { keepAlive: true, ...(ca ? { ca } : {}) });
  }

  override async connect(req: ClientRequest, opts: ConnectOptions) {
    let refused: { statusCode: number; statusText: string } | null = null;
    req.once('proxyConnect', (answer: { statusCode: number; statusText: string }) => {
      if (answer.statusCode !== 200) refused = answer;
    });
    const socket = await super.connect(req, opts.secureEndpoint && this.ca ? { ...opts, ca: this.ca } : opts);
    if (refused !== null) {
      const { statusCode, statusText } = refused;
      socket.destroy();
      throw new ProxyRefusedError(this.proxy.href.replace(/\/$/, ''), `${opts.host}:${opts.port}`, httpRefusal(statusCode, statusText));
    }
    return socket;
  }
}

/** A SOCKS proxy (socks4:// or socks5://; socks5h:// and socks4a:// leave the name's lookup to the proxy). */
class SocksAgent extends SocksProxyAgent {
  constructor(proxy: string, private readonly ca: string[] | undefined) {
    super(proxy, { keepAlive: true });
  }

  override async connect(req: ClientRequest, opts: ConnectOptions) {
    try {
      return await super.connect(req, opts.secureEndpoint && this.ca ? { ...opts, ca: this.ca } : opts);
    } catch (error) {
      const why = error instanceof Error ? socksRefusal(error.message) : null;
      if (why === null) throw error;
      throw new ProxyRefusedError(this.proxyUrl, `${opts.host}:${opts.port}`, why);
    }
  }
}

/** The agents of one client, made once per proxy it meets. */
export class NetworkAgents {
  private readonly ca: string[] | undefined;
  private readonly byProxy = new Map<string, RequestAgents>();

  constructor(private readonly options: NetworkOptions) {
    this.ca = options.extraCa ? [...rootCertificates, options.extraCa] : undefined;
  }

  async forUrl(url: string): Promise<RequestAgents> {
    const { proxy } = await this.options.proxy(url);
    const key = proxy ?? '';
    let agents = this.byProxy.get(key);
    if (!agents) {
      agents = proxy === null ? this.direct() : this.tunnel(proxy);
      this.byProxy.set(key, agents);
    }
    return agents;
  }

  private direct(): RequestAgents {
    return { httpAgent: new http.Agent({ keepAlive: true }), httpsAgent: new https.Agent({ keepAlive: true, ...(this.ca ? { ca: this.ca } : {}) }) };
  }

  private tunnel(proxy: string): RequestAgents {
    const agent = /^socks/i.test(proxy) ? new SocksAgent(proxy, this.ca) : new TunnelAgent(proxy, this.ca);
    return { httpAgent: agent, httpsAgent: agent };
  }
}
