/**
 * Registry-style whois text (as a command-line whois prints it) for the whois-info operation and the `whois`
 * field of the whois operation. A domain some account holds is described from its domains row and its owner's
 * client record; a well-known name no account holds gets stable made-up registry data derived from its name.
 */
import { createHash } from 'node:crypto';
import { domainToASCII } from 'node:url';
import type { Database } from 'better-sqlite3';
import { NO_DATE, addYears } from '../reply.js';
import { type DomainName, registeredDomainId, WELL_KNOWN_SLDS } from './domain-names.js';
import { sql } from './sql.js';

interface Registrar {
  name: string;
  ianaId: string;
  whoisServer: string;
  url: string;
  abuseEmail: string;
  abusePhone: string;
}

const REGISTRARS: Record<string, Registrar> = {
  enom: {
    name: 'eNom, LLC', ianaId: '48', whoisServer: 'whois.enom.com', url: 'http://www.enom.com',
    abuseEmail: 'abuse@enom.com', abusePhone: '+1.4259744689',
  },
  resellerclub: {
    name: 'PDR Ltd. d/b/a PublicDomainRegistry.com', ianaId: '303', whoisServer: 'whois.publicdomainregistry.com',
    url: 'http://www.publicdomainregistry.com', abuseEmail: 'abuse-contact@publicdomainregistry.com', abusePhone: '+1.2013775952',
  },
  openprovider: {
    name: 'Hosting Concepts B.V. d/b/a Registrar.eu', ianaId: '1647', whoisServer: 'whois.registrar.eu',
    url: 'http://www.registrar.eu', abuseEmail: 'abuse@registrar.eu', abusePhone: '+31.104482299',
  },
};

const BRAND_PROTECTION: Registrar = {
  name: 'MarkMonitor Inc.', ianaId: '292', whoisServer: 'whois.markmonitor.com', url: 'http://www.markmonitor.com',
  abuseEmail: 'abusecomplaints@markmonitor.com', abusePhone: '+1.2086851750',
};

/** EPP status codes shown for each of the provider's domain statuses. */
const EPP_STATUSES: Record<string, string[]> = {
  Active: ['clientTransferProhibited'],
  Pending: ['pendingCreate'],
  'Pending Transfer': ['pendingTransfer'],
  Expired: ['clientHold', 'autoRenewPeriod'],
  Grace: ['autoRenewPeriod'],
  Redemption: ['redemptionPeriod', 'pendingDelete'],
};

const NOTICE = [
  'NOTICE: The expiration date displayed in this record is the date the registrar\'s sponsorship of the domain',
  'name registration in the registry is currently set to expire. This date does not necessarily reflect the',
  'expiration date of the domain name registrant\'s agreement with the sponsoring registrar.',
  '',
  'TERMS OF USE: The data in this registry\'s whois database is provided for information purposes only. By',
  'submitting a whois query, you agree to use this data only for lawful purposes and not to enable high volume,',
  'automated, electronic processes that query the whois database.',
];

interface Contact {
  name: string;
  organization: string;
  email: string;
  country: string;
}

interface Registration {
  registryId: string;
  registrar: Registrar;
  created: string;
  updated: string;
  expires: string;
  statuses: string[];
  registrant: Contact;
  nameservers: string[];
}

const REDACTED: Contact = {
  name: 'REDACTED FOR PRIVACY',
  organization: 'REDACTED FOR PRIVACY',
  email: 'Please query the RDDS service of the Registrar of Record identified in this output.',
  country: 'REDACTED FOR PRIVACY',
};

function hashNumber(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

function registryId(id: number, tld: string): string {
  return `${id}_DOMAIN_${tld.slice(1).replace(/\./g, '_').toUpperCase()}-REG`;
}

interface DomainRecord {
  id: number;
  registrar: string;
  regperiod: number;
  regdate: string;
  expirydate: string;
  status: string;
  idprotection: number;
  nameservers: string;
  firstname: string;
  lastname: string;
  companyname: string;
  email: string;
  country: string;
}

function fromDomainRow(db: Database, id: number, name: DomainName, today: string): Registration {
  const row = sql(
    db,
    `SELECT d.id, d.registrar, d.regperiod, d.regdate, d.expirydate, d.status, d.idprotection, d.nameservers,
            c.firstname, c.lastname, c.companyname, c.email, c.country
     FROM domains d JOIN clients c ON c.id = d.userid WHERE d.id = ?`,
  ).get(id) as DomainRecord;
  const created = row.regdate === NO_DATE ? today : row.regdate;
  return {
    registryId: registryId(row.id, name.tld),
    registrar: REGISTRARS[row.registrar] ?? { ...BRAND_PROTECTION, name: row.registrar },
    created,
    updated: created,
    expires: row.expirydate === NO_DATE ? addYears(created, row.regperiod) : row.expirydate,
    statuses: EPP_STATUSES[row.status] ?? ['ok'],
    registrant: row.idprotection
      ? REDACTED
      : { name: `${row.firstname} ${row.lastname}`, organization: row.companyname, email: row.email, country: row.country },
    nameservers: row.nameservers.split(',').filter((ns) => ns !== ''),
  };
}

/** Stable registry data for a well-known name no account holds: old, long-lived, brand-protected. */
function madeUpRegistration(name: DomainName, today: string): Registration {
  const hash = hashNumber(name.domain);
  const created = `${1995 + (hash % 15)}-${String(1 + (hash % 12)).padStart(2, '0')}-${String(1 + (hash % 28)).padStart(2, '0')}`;
  let expires = created;
  while (expires <= today) expires = addYears(expires, 1);
  const brand = name.sld.charAt(0).toUpperCase() + name.sld.slice(1);
  return {
    registryId: registryId(hash, name.tld),
    registrar: BRAND_PROTECTION,
    created,
    updated: addYears(expires, -1),
    expires: addYears(expires, hash % 5),
    statuses: ['clientDeleteProhibited', 'clientTransferProhibited', 'clientUpdateProhibited'],
    registrant: { ...REDACTED, organization: `${brand} Inc.`, country: 'US' },
    nameservers: [`ns1.${name.domain}`, `ns2.${name.domain}`],
  };
}

const stamp = (date: string) => `${date}T00:00:00Z`;

function contactLines(role: string, contact: Contact): string[] {
  return [
    `${role} Name: ${contact.name}`,
    `${role} Organization: ${contact.organization}`,
    `${role} Country: ${contact.country}`,
    `${role} Email: ${contact.email}`,
  ];
}

/**
 * The whois text of a domain; `now` is 'YYYY-mm-dd HH:MM:SS'. Not registered: "No match for domain ...".
 */
export function registryWhoisText(db: Database, name: DomainName, now: string): string {
  const today = now.slice(0, 10);
  const lastUpdate = `>>> Last update of whois database: ${now.replace(' ', 'T')}Z <<<`;
  const id = registeredDomainId(db, name.domain);
  const asciiName = domainToASCII(name.domain).toUpperCase();
  if (id === undefined && !WELL_KNOWN_SLDS.has(name.sld)) {
    return [`No match for domain "${asciiName}".`, lastUpdate, '', ...NOTICE, ''].join('\n');
  }
  const reg = id === undefined ? madeUpRegistration(name, today) : fromDomainRow(db, id, name, today);
  return [
    `   Domain Name: ${asciiName}`,
    `   Registry Domain ID: ${reg.registryId}`,
    `   Registrar WHOIS Server: ${reg.registrar.whoisServer}`,
    `   Registrar URL: ${reg.registrar.url}`,
    `   Updated Date: ${stamp(reg.updated)}`,
    `   Creation Date: ${stamp(reg.created)}`,
    `   Registry Expiry Date: ${stamp(reg.expires)}`,
    `   Registrar: ${reg.registrar.name}`,
    `   Registrar IANA ID: ${reg.registrar.ianaId}`,
    `   Registrar Abuse Contact Email: ${reg.registrar.abuseEmail}`,
    `   Registrar Abuse Contact Phone: ${reg.registrar.abusePhone}`,
    ...reg.statuses.map((s) => `   Domain Status: ${s} https://icann.org/epp#${s}`),
    ...['Registrant', 'Admin', 'Tech'].flatMap((role) => contactLines(role, reg.registrant).map((l) => `   ${l}`)),
    ...reg.nameservers.map((ns) => `   Name Server: ${ns.toUpperCase()}`),
    '   DNSSEC: unsigned',
    '   URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/',
    lastUpdate,
    '',
    ...NOTICE,
    '',
  ].join('\n');
}
