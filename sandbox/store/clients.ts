/** The provider's client accounts: each one a reseller with its own API credentials. */
import type { AccountCredentials } from '../options.js';
import { formatDay, formatLoginMoment, SECONDS_PER_DAY } from './calendar.js';
import { GATEWAYS, gatewayWithCode, type ClientProfile, type Gateway } from './model.js';
import type { Rng } from './rng.js';
import { bcryptLikeHash, clientIp, phoneNumber, uuid } from './values.js';
import { COMPANY_NAMES, FIRST_NAMES, LAST_NAMES, LOCALES, type Locale } from './vocabulary.js';

/** Credentials of account n (1-based). Account 1 is the documented demo account. */
function credentialsOf(n: number): Omit<AccountCredentials, 'userid'> {
  if (n === 1) {
    return { username: 'demo@reseller.example', password: 'demo-password', clientId: 'demo-client', clientSecret: 'demo-secret' };
  }
  return { username: `client${n}@reseller.example`, password: `password-${n}`, clientId: `client-${n}`, clientSecret: `secret-${n}` };
}

interface Identity {
  firstname: string;
  lastname: string;
  companyname: string;
  locale: Locale;
}

/** The first two accounts have fixed names, with the Unicode the app must render. */
function identityOf(rng: Rng, n: number): Identity {
  const localeOf = (country: string): Locale => LOCALES.find((l) => l.country === country) as Locale;
  if (n === 1) return { firstname: 'Zoë', lastname: 'Müller', companyname: 'Müller & Partner Webdesign GmbH', locale: localeOf('DE') };
  if (n === 2) return { firstname: 'José', lastname: 'Ñúñez', companyname: '株式会社さくらウェブ', locale: localeOf('JP') };
  return {
    firstname: rng.pick(FIRST_NAMES)[0],
    lastname: rng.pick(LAST_NAMES)[0],
    companyname: rng.pick(COMPANY_NAMES),
    locale: rng.pick(LOCALES),
  };
}

export interface ClientAccount {
  readonly profile: ClientProfile;
  /** The clients-table row. */
  readonly row: Record<string, string | number>;
}

export function buildClient(rng: Rng, n: number, today: number): ClientAccount {
  const credentials = credentialsOf(n);
  const { firstname, lastname, companyname, locale } = identityOf(rng, n);
  const place = rng.pick(locale.cities);
  const createdDay = today - rng.int(5 * 365, 8 * 365);
  const gateway: Gateway = n === 1 ? gatewayWithCode('stripe') : rng.pick(GATEWAYS);
  const lastLogin = (today - 1) * SECONDS_PER_DAY + rng.int(7 * 3600, 20 * 3600);
  return {
    profile: { id: n, firstname, lastname, email: credentials.username, createdDay, gateway },
    row: {
      id: n,
      uuid: uuid(rng),
      firstname, lastname, companyname,
      email: credentials.username,
      address1: `${rng.pick(locale.streets)} ${rng.int(1, 120)}`,
      address2: '',
      city: place.city, state: place.state, postcode: place.postcode, country: locale.country,
      phonenumber: phoneNumber(rng, locale),
      password_hash: bcryptLikeHash(rng),
      api_password: credentials.password,
      api_client_id: credentials.clientId,
      api_client_secret: credentials.clientSecret,
      currency_code: 'USD',
      defaultgateway: gateway.code,
      status: 'Active',
      credit: n === 1 ? '25.00' : '0.00',
      groupid: 0,
      language: 'english',
      notes: n === 1 ? 'Demo reseller account of the sandbox.' : '',
      taxexempt: 0,
      lastlogin: `Date: ${formatLoginMoment(lastLogin)}<br>IP Address: ${clientIp(rng)}<br>Host: client-${n}.isp.example`,
      datecreated: formatDay(createdDay),
    },
  };
}
