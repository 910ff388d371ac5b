/**
 * The HTTP agents a client's requests go through: one per proxy (https-proxy-agent, a CONNECT tunnel for
 * https: and http: addresses alike) or a direct one, each trusting Node's bundled authorities plus the
 * account's extra CA certificate when it names one. A proxy that refuses the tunnel fails the request with
 * EPROXYREFUSED and its status in words, instead of its answer being read as the provider's.
 */
import type { ClientRequest } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { HttpsProxyAgent } from 'https-proxy-agent';
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

/** A proxy that answered CONNECT with other than 200. */
export class ProxyRefusedError extends Error {
  readonly code = 'EPROXYREFUSED';

  constructor(proxy: string, target: string, status: number, statusText: string) {
    const why = status === 407 ? 'asks for a user name and password, which the app does not give it' : `answers HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
    super(redactUrls(`the proxy ${proxy} refused the connection to ${target}: it ${why}`));
  }
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
      throw new ProxyRefusedError(this.proxy.href.replace(/\/$/, ''), `${opts.host}:${opts.port}`, statusCode, statusText);
    }
    return socket;
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
    const agent = new TunnelAgent(proxy, this.ca);
    return { httpAgent: agent, httpsAgent: agent };
  }
}
