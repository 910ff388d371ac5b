/**
 * The HTTP agents a client's requests go through: one per proxy (https-proxy-agent, a CONNECT tunnel for
 * https: and http: addresses alike; socks-proxy-agent for a SOCKS proxy, socks4/socks5) or a direct one, each
 * trusting Node's bundled authorities plus the account's extra CA certificate when it names one. A proxy that
 * refuses the tunnel fails the request with EPROXYREFUSED and its answer in words, instead of its answer being
 * read as the provider's. An account's proxy sign-in answers an HTTP proxy's Basic challenge (407) and is a SOCKS
 * proxy's user name and password; a sign-in in the proxy's own address wins over it.
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
  /** The account's proxy sign-in: the answer to a proxy that asks for one (not sent to a proxy whose address holds one). */
  proxySignIn?: ProxySignIn;
}

export interface ProxySignIn {
  user: string;
  password: string;
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

/** A proxy's refusals that concern a sign-in, after "it" (the connection check points them at the sign-in's fields). */
export const SIGN_IN_WORDS = 'asks for a user name and password, which the app does not give it';
export const ADDRESS_SIGN_IN_REFUSED = 'refused the user name and password in its address';
export const ACCOUNT_SIGN_IN_REFUSED = "refused the user name and password of the account's proxy sign-in";
export const OTHER_SCHEME_WORDS = 'sign-in, which the app cannot give';
const otherSchemeWords = (schemes: string[]) =>
  `asks for a ${schemes.join('/')} ${OTHER_SCHEME_WORDS}: give the proxy's address with a user name and password it accepts, or ask whoever runs it`;

/** Where the sign-in sent to a proxy came from: none, the proxy's address, or the account's proxy sign-in. */
export type SignInSource = 'none' | 'address' | 'account';

/** The schemes a 407's Proxy-Authenticate offers ("Basic realm=\"corp\", Negotiate" → Basic, Negotiate). */
export function challengeSchemes(header: string | string[] | undefined): string[] {
  const parts = (Array.isArray(header) ? header : [header ?? '']).flatMap((value) => value.split(','));
  // A part whose first word holds "=" is a parameter of the challenge before it (charset="UTF-8").
  return parts.map((part) => part.trim().split(/\s+/)[0] ?? '').filter((word) => word !== '' && !word.includes('='));
}

/**
 * The answer to a proxy's 407: the Basic Proxy-Authorization header for the account's sign-in, or why the app
 * cannot sign in (after "it"). `source` is the sign-in the refused CONNECT already carried.
 */
export function answerToSignIn(header: string | string[] | undefined, signIn: ProxySignIn | undefined, source: SignInSource): { header: string } | { refusal: string } {
  const schemes = challengeSchemes(header);
  const basic = schemes.length === 0 || schemes.some((scheme) => scheme.toLowerCase() === 'basic');
  if (!basic) return { refusal: otherSchemeWords([...new Set(schemes)]) };
  if (source === 'address') return { refusal: ADDRESS_SIGN_IN_REFUSED };
  if (source === 'account') return { refusal: ACCOUNT_SIGN_IN_REFUSED };
  if (!signIn) return { refusal: SIGN_IN_WORDS };
  return { header: `Basic ${Buffer.from(`${signIn.user}:${signIn.password}`).toString('base64')}` };
}

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

function socksRefusal(message: string, source: SignInSource): string | null {
  if (/authentication/i.test(message)) return /failed/i.test(message) ? (source === 'account' ? ACCOUNT_SIGN_IN_REFUSED : ADDRESS_SIGN_IN_REFUSED) : SIGN_IN_WORDS;
  if (!/rejected connection/i.test(message)) return null;
  const reply = /-\s*\(?(\w+)\)?\s*$/.exec(message)?.[1] ?? '';
  return SOCKS_REFUSALS[reply] ?? `answers: ${message}`;
}

type ConnectOptions = Parameters<HttpsProxyAgent<string>['connect']>[1];
type ProxyAnswer = { statusCode: number; statusText: string; headers: Record<string, string | string[]> };

/** Why the agent gave up on a 407 before answering it (after "it"). */
class SignInRefusal extends Error {}

/** An address's own user name or password: it wins over the account's sign-in. */
const holdsSignIn = (proxy: string) => URL.canParse(proxy) && Boolean(new URL(proxy).username || new URL(proxy).password);

class TunnelAgent extends HttpsProxyAgent<string> {
  private readonly source: SignInSource;

  /** The authorities trusted for the server at the tunnel's end (the constructor's `ca` is for an https: proxy itself). */
  constructor(
    proxy: string,
    private readonly ca: string[] | undefined,
    private readonly signIn: ProxySignIn | undefined,
  ) {
    const own = holdsSignIn(proxy);
    super(proxy, { keepAlive: true, ...(ca ? { ca } : {}) });
    this.source = own ? 'address' : 'none';
    // Asked for a sign-in the CONNECT did not carry: the account's, once, when the proxy takes Basic.
    if (signIn && !own) this.onProxyAuth = ({ response }) => this.answer(response.headers);
  }

  private async answer(headers: Record<string, string | string[] | undefined>) {
    const answer = answerToSignIn(headers['proxy-authenticate'], this.signIn, 'none');
    if ('refusal' in answer) throw new SignInRefusal(answer.refusal);
    return { headers: { 'Proxy-Authorization': answer.header } };
  }

  override async connect(req: ClientRequest, opts: ConnectOptions) {
    const answers: ProxyAnswer[] = [];
    const onAnswer = (answer: ProxyAnswer) => answers.push(answer);
    req.on('proxyConnect', onAnswer);
    const target = `${opts.host}:${opts.port}`;
    const refuse = (why: string) => new ProxyRefusedError(this.proxy.href.replace(/\/$/, ''), target, why);
    try {
      const socket = await super.connect(req, opts.secureEndpoint && this.ca ? { ...opts, ca: this.ca } : opts);
      const last = answers.at(-1);
      if (last && last.statusCode !== 200) {
        socket.destroy();
        throw refuse(this.refusal(last, answers.length > 1 ? 'account' : this.source));
      }
      return socket;
    } catch (error) {
      if (error instanceof SignInRefusal) throw refuse(error.message);
      // The retry with the account's sign-in was refused too (https-proxy-agent throws a plain Error).
      const last = answers.at(-1);
      if (answers.length > 1 && last && last.statusCode !== 200) throw refuse(this.refusal(last, 'account'));
      throw error;
    } finally {
      req.off('proxyConnect', onAnswer);
    }
  }

  /** A CONNECT's answer other than 200, in words (after "it"). */
  private refusal(answer: ProxyAnswer, source: SignInSource): string {
    if (answer.statusCode !== 407) return `answers HTTP ${answer.statusCode}${answer.statusText ? ` ${answer.statusText}` : ''}`;
    const decided = answerToSignIn(answer.headers['proxy-authenticate'], undefined, source);
    return 'refusal' in decided ? decided.refusal : SIGN_IN_WORDS;
  }
}

/** A SOCKS proxy (socks4:// or socks5://; socks5h:// and socks4a:// leave the name's lookup to the proxy). */
class SocksAgent extends SocksProxyAgent {
  private readonly source: SignInSource;
  private readonly shown: string;

  constructor(
    proxy: string,
    private readonly ca: string[] | undefined,
    signIn: ProxySignIn | undefined,
  ) {
    const own = holdsSignIn(proxy);
    super(signIn && !own ? withSignIn(proxy, signIn) : proxy, { keepAlive: true });
    this.source = own ? 'address' : signIn ? 'account' : 'none';
    this.shown = new URL(proxy).href.replace(/\/$/, '');
  }

  override async connect(req: ClientRequest, opts: ConnectOptions) {
    try {
      return await super.connect(req, opts.secureEndpoint && this.ca ? { ...opts, ca: this.ca } : opts);
    } catch (error) {
      const why = error instanceof Error ? socksRefusal(error.message, this.source) : null;
      if (why === null) throw error;
      throw new ProxyRefusedError(this.shown, `${opts.host}:${opts.port}`, why);
    }
  }
}

/** A proxy's address with the account's sign-in as its credentials. */
function withSignIn(proxy: string, signIn: ProxySignIn): string {
  const url = new URL(proxy);
  url.username = encodeURIComponent(signIn.user);
  url.password = encodeURIComponent(signIn.password);
  return url.href;
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
    const { proxySignIn } = this.options;
    const agent = /^socks/i.test(proxy) ? new SocksAgent(proxy, this.ca, proxySignIn) : new TunnelAgent(proxy, this.ca, proxySignIn);
    return { httpAgent: agent, httpsAgent: agent };
  }
}
