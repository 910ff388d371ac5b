/**
 * Checks a provider account before it is stored: a password grant at the base URL, then one operation under the
 * service segment and one alt operation (at the alt base URL, or the base URL when that is left empty). Each failure becomes a DeskError whose
 * issues name the field the user has to correct (wrong password, wrong client id or secret, an address that
 * cannot be reached, answers 404, or answers something that is not the API), so a form repeats no rule.
 * Nothing reaches the app's vault here: the secrets live in a vault of the check's own. It says which proxy it
 * went through (the host's lookup for the base URL), and a failure to connect says it too, with why a server's
 * certificate was refused.
 */
import type { AccountConfig } from '../../../shared/accounts.js';
import type { CallError } from '../../../shared/contract.js';
import { ApiError, CLIENT_SECRET_SECRET, REFRESH_TOKEN_SECRET, ResellerClient, type ClientOptions } from '../api/index.js';
import { DeskError } from '../desk-error.js';
import { ACCOUNT_SIGN_IN_REFUSED, OTHER_SCHEME_WORDS, SIGN_IN_WORDS } from '../network/agents.js';
import { certificateWords } from '../network/extra-ca.js';
import { describeRoute, environmentProxy, type ProxyRoute } from '../network/proxy-route.js';
import { MemoryVault } from '../vault/index.js';

type Field = 'baseUrl' | 'altBaseUrl' | 'service' | 'clientId' | 'clientSecret' | 'password' | 'caFile' | 'proxyUser' | 'proxyPassword';
type Step = 'token' | 'service' | 'alt';

export interface ConnectionCheck {
  /** The account's holder, as the provider names it. */
  clientName: string;
  email: string;
  /** The refresh token the grant earned, so opening the account needs no second password grant. */
  refreshToken: string | null;
  /** The proxy the check went through to the base URL (null: directly), and who named it. */
  route: ProxyRoute;
}

/** One retry at most: a person is waiting for the answer. */
const CHECK_OPTIONS = { retry: { maxAttempts: 2, baseDelayMs: 300 }, timeoutMs: 15_000 };

export async function checkConnection(
  config: AccountConfig,
  clientSecret: string,
  password: string,
  options: Pick<ClientOptions, 'retry' | 'onRetry' | 'network'> = {},
): Promise<ConnectionCheck> {
  const route = await (options.network?.proxy ?? environmentProxy)(config.baseUrl);
  const vault = new MemoryVault('connection check');
  await vault.set(config.name, CLIENT_SECRET_SECRET, clientSecret);
  const retry = { ...options.retry, ...CHECK_OPTIONS.retry };
  const client = new ResellerClient({ account: config.name, ...config }, vault, { ...CHECK_OPTIONS, ...options, retry });
  await step(config, route, 'token', () => client.signIn(password));
  const { client: holder } = await step(config, route, 'service', () => client.getClientsDetails());
  // Always: with the alt base URL left empty the four alt operations go to the base URL, which may not publish them.
  await step(config, route, 'alt', () => client.getSupportDepartments());
  return {
    clientName: holder.companyName || holder.fullName,
    email: holder.email,
    refreshToken: await vault.get(config.name, REFRESH_TOKEN_SECRET),
    route,
  };
}

async function step<T>(config: AccountConfig, route: ProxyRoute, name: Step, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw explain(config, route, name, error);
    throw error;
  }
}

function explain(config: AccountConfig, route: ProxyRoute, step: Step, error: ApiError): DeskError {
  const address = step === 'alt' ? config.altBaseUrl : config.baseUrl;
  const addressField: Field = step === 'alt' ? 'altBaseUrl' : 'baseUrl';
  const fail = (code: CallError['code'], message: string, fields: Field[]) =>
    new DeskError(code, message, fields.map((field) => ({ field, message })), error.facts);

  const through = route.proxy === null ? '' : ` ${describeRoute(route)}`;
  const refusedCertificate = error.kind === 'network' ? certificateWords(error.code) : null;
  if (refusedCertificate !== null) {
    const inspecting = config.caFile
      ? `the CA certificate in ${config.caFile} is not the one that signed it`
      : "if a proxy or firewall inspects this computer's connections, name its CA certificate in the account's settings";
    return fail('offline', `${address} was reached${through}, but its certificate was refused: ${refusedCertificate}. ${capitalise(inspecting)}.`, [
      config.caFile ? 'caFile' : addressField,
    ]);
  }
  if (error.kind === 'network' && error.code === 'EPROXYREFUSED') {
    // The proxy's refusal in words (network/agents.ts), after the operation's name.
    const refusal = error.message.slice(error.operation.length + 2);
    const signIn = signInAdvice(config, refusal);
    if (signIn !== null) return fail('offline', `${capitalise(refusal)}${signIn.advice}`, [signIn.field]);
    return fail('offline', `${capitalise(refusal)}: check the proxy settings, or ask whoever runs the proxy.`, [addressField]);
  }
  if (error.kind === 'network' && route.proxy !== null) {
    return fail('offline', `${address} cannot be reached ${describeRoute(route)}: check the proxy settings and your network.`, [addressField]);
  }
  if (error.kind === 'network' && /EPROTO|wrong version number/i.test(`${error.code} ${error.message}`)) {
    return fail('offline', `${address} does not speak HTTPS (the server answers in plain HTTP): check the address.`, [addressField]);
  }
  if (error.kind === 'network' && error.code === 'ECONNABORTED') {
    return fail('offline', `${address} accepts connections but does not answer (${CHECK_OPTIONS.timeoutMs / 1000} s a try): check the address, or try again later.`, [addressField]);
  }
  if (error.kind === 'network') {
    return fail('offline', `${address} cannot be reached: check the address and your network.`, [addressField]);
  }
  if (error.status === 404 && step === 'alt' && !config.altBaseUrl) {
    return fail(
      'provider',
      `${config.baseUrl} does not publish get-support-departments (HTTP 404): the alt base URL is needed for transactions, tickets, departments and contact updates.`,
      ['altBaseUrl'],
    );
  }
  if (error.status === 404) {
    // The token URL has no segment in it: a 404 there is the address; under the segment it is the segment.
    if (step === 'service') return fail('provider', `The provider answers 404 for /api/v2/${config.service}/…: check the service segment.`, ['service']);
    return fail('provider', `${address} answers 404 where the provider's API should be: check the address.`, [addressField]);
  }
  if (error.kind === 'protocol') {
    return fail('provider', `${address} answers, but not as the provider's API does (${error.message}).`, [addressField]);
  }
  if (step === 'token' && error.kind === 'auth') {
    if (error.code === 'invalid_client') {
      return fail('auth', 'The provider does not accept this client id and client secret.', ['clientId', 'clientSecret']);
    }
    return fail('auth', `The provider refused this e-mail and password (${error.message}).`, ['password']);
  }
  if (error.kind === 'server' || error.kind === 'rate_limited') {
    return fail('provider', `${address} is having trouble right now (${error.message}); try again in a moment.`, [addressField]);
  }
  return new DeskError('provider', `The provider refused the check: ${error.message}`, undefined, error.facts);
}

/** A proxy's refusal of the account's sign-in (or of its lack): what to do, and the form's field it concerns. */
function signInAdvice(config: AccountConfig, refusal: string): { advice: string; field: Field } | null {
  const field: Field = config.proxyUser === '' ? 'proxyUser' : 'proxyPassword';
  if (refusal.includes(SIGN_IN_WORDS)) return { advice: ": give its user name and password as the account's proxy sign-in.", field };
  if (refusal.includes(ACCOUNT_SIGN_IN_REFUSED)) return { advice: ': check the proxy user name and password.', field };
  // The words already say what to do.
  if (refusal.includes(OTHER_SCHEME_WORDS)) return { advice: '.', field };
  return null;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
