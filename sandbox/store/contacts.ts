/** Contacts of a client account: billing/tech contacts and sub-accounts with their own login. */
import { formatMoment, SECONDS_PER_DAY, UNSET_DATETIME } from './calendar.js';
import { drawUnique, type AccountContext, type ContactRecord } from './model.js';
import { DIGITS, type Rng } from './rng.js';
import { bcryptLikeHash, phoneNumber } from './values.js';
import { COMPANY_NAMES, CONTACT_PERMISSIONS, FIRST_NAMES, LAST_NAMES, LOCALES } from './vocabulary.js';

const MAIL_DOMAINS = ['gmail.example', 'outlook.example', 'web.example', 'posteo.example', 'company.example'];

export function buildContacts(ctx: AccountContext, count: number): ContactRecord[] {
  const rng = ctx.rng.fork('contacts');
  const emails = new Set<string>();
  return Array.from({ length: count }, () => buildContact(rng, ctx, emails));
}

function buildContact(rng: Rng, ctx: AccountContext, emails: Set<string>): ContactRecord {
  const [firstname, firstAscii] = rng.pick(FIRST_NAMES);
  const [lastname, lastAscii] = rng.pick(LAST_NAMES);
  const mailDomain = rng.pick(MAIL_DOMAINS);
  // Unique within the account: sub-account logins are identified by e-mail.
  const email = drawUnique(emails, (attempt) =>
    `${firstAscii}.${lastAscii}${attempt === 0 ? '' : attempt + 1}@${mailDomain}`);
  const locale = rng.pick(LOCALES);
  const place = rng.pick(locale.cities);
  const createdMoment = rng.int(ctx.client.createdDay * SECONDS_PER_DAY, ctx.latestMoment);
  const updatedMoment = rng.chance(0.6) ? createdMoment : rng.int(createdMoment, ctx.latestMoment);
  const subaccount = rng.chance(0.3);
  return {
    id: 0, createdMoment, firstname, lastname, email,
    columns: {
      companyname: rng.chance(0.4) ? rng.pick(COMPANY_NAMES) : '',
      address1: `${rng.pick(locale.streets)} ${rng.int(1, 180)}`,
      address2: rng.chance(0.2) ? `Suite ${rng.int(100, 999)}` : '',
      city: place.city, state: place.state, postcode: place.postcode, country: locale.country,
      phonenumber: rng.chance(0.85) ? phoneNumber(rng, locale) : '',
      tax_id: locale.country === 'DE' && rng.chance(0.5) ? `DE${rng.chars(DIGITS, 9)}` : '',
      subaccount: subaccount ? 1 : 0,
      password: subaccount ? bcryptLikeHash(rng) : '',
      permissions: subaccount ? permissionList(rng) : '',
      ...emailPreferences(rng, subaccount),
      pwresetkey: '',
      created_at: formatMoment(createdMoment),
      updated_at: formatMoment(updatedMoment),
      pwresetexpiry: UNSET_DATETIME,
    },
  };
}

/** A comma list of permissions, in the upstream's canonical order. */
function permissionList(rng: Rng): string {
  const chosen = new Set(rng.sample(CONTACT_PERMISSIONS, rng.int(2, CONTACT_PERMISSIONS.length)));
  return CONTACT_PERMISSIONS.filter((p) => chosen.has(p)).join(',');
}

function emailPreferences(rng: Rng, subaccount: boolean): Record<string, number> {
  const likely = subaccount ? 0.7 : 0.4;
  const flag = (): number => (rng.chance(likely) ? 1 : 0);
  return {
    domainemails: flag(), generalemails: flag(), invoiceemails: flag(),
    productemails: flag(), supportemails: flag(), affiliateemails: rng.chance(0.1) ? 1 : 0,
  };
}
