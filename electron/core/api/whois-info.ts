/**
 * whois-info: the registry's whois text, read into statuses, dates, registrar, nameservers and contacts, with
 * the raw text kept. Handles the ICANN "Key: value" layout, older "Created On:" style keys, indented blocks
 * ("Name servers:" followed by one server per line), "No match" replies, and the upstream JSON variant
 * (`{"Registrant": "<JSON string>", "Admin": ...}`).
 */
import type { WhoisContact, WhoisInfo } from '../../../shared/models.js';
import { parseLooseDate } from '../../../shared/dates.js';
import { isWireObject, type WireObject } from './wire-shape.js';

type Role = 'registrant' | 'admin' | 'tech' | 'billing';
const ROLES: readonly Role[] = ['registrant', 'admin', 'tech', 'billing'];

const NOT_FOUND = [
  /^\s*no match\b/m,
  /^\s*not found\b/m,
  /\bno data found\b/,
  /\bno entries found\b/,
  /\bdomain not found\b/,
  /\bno object found\b/,
  /^\s*status:\s*(free|available)\s*$/m,
];

/** True when a registry's text says the name is not registered. */
export function isNotFoundText(text: string): boolean {
  const lower = text.toLowerCase();
  return NOT_FOUND.some((pattern) => pattern.test(lower));
}

const CREATED = ['creation date', 'created on', 'created', 'registered on', 'registration date', 'registered'];
const EXPIRES = [
  'registry expiry date',
  'registrar registration expiration date',
  'expiration date',
  'expiry date',
  'expires on',
  'expires',
  'paid-till',
];
const UPDATED = ['updated date', 'last updated on', 'last updated', 'last modified', 'changed', 'updated'];
const STATUS = ['domain status', 'status', 'registration status'];
const NAMESERVER = ['name server', 'nameserver', 'nameservers', 'name servers', 'nserver'];
const REGISTRAR = ['registrar', 'sponsoring registrar', 'registrar name'];

export function parseWhoisText(raw: string): WhoisInfo {
  const entries = keyValues(raw);
  const first = (keys: string[]) => keys.map((k) => entries.get(k)?.[0]).find((v) => v !== undefined && v !== '') ?? null;
  const all = (keys: string[]) => keys.flatMap((k) => entries.get(k) ?? []).filter((v) => v !== '');
  const date = (keys: string[]) => {
    const value = first(keys);
    return value === null ? null : parseLooseDate(value);
  };

  const contacts: WhoisInfo['contacts'] = {};
  for (const role of ROLES) {
    const prefix = role === 'tech' ? ['tech', 'technical'] : role === 'admin' ? ['admin', 'administrative'] : [role];
    const contact = cleanContact({
      // ".uk"-style replies give the registrant as an indented block under "Registrant:".
      name: first([...prefix.map((p) => `${p} name`), ...prefix]),
      organization: first(prefix.flatMap((p) => [`${p} organization`, `${p} organisation`])),
      email: first(prefix.map((p) => `${p} email`)),
    });
    if (contact) contacts[role] = contact;
  }

  return {
    found: !isNotFoundText(raw) && entries.size > 0,
    // ICANN lines append the EPP status's explanation URL: "clientHold https://icann.org/epp#clientHold".
    statuses: unique(all(STATUS).map((s) => s.replace(/\s+https?:\/\/\S*$/, ''))),
    createdOn: date(CREATED),
    expiresOn: date(EXPIRES),
    updatedOn: date(UPDATED),
    registrar: first(REGISTRAR),
    nameservers: unique(all(NAMESERVER).map((ns) => ns.split(/\s+/)[0]!.toLowerCase().replace(/\.$/, ''))),
    contacts,
    raw,
  };
}

/**
 * "Key: value" pairs with lower-cased keys, every value of repeated keys kept. A key with an empty value
 * followed by indented lines takes those lines as its values (".uk"-style blocks); comment and banner lines
 * (">>>", "%", "#") are skipped.
 */
function keyValues(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (key: string, value: string) => out.set(key, [...(out.get(key) ?? []), value.trim()]);
  let blockKey: string | null = null;
  for (const line of raw.split(/\r?\n/)) {
    if (/^\s*(>>>|%|#)/.test(line) || line.trim() === '') {
      blockKey = null;
      continue;
    }
    const pair = /^\s*([A-Za-z][A-Za-z0-9 /()._-]{0,60}?)\s*:\s*(.*)$/.exec(line);
    const indented = /^\s{2,}\S/.test(line);
    if (blockKey !== null && indented && (!pair || pair[2] === '' || /^https?$/i.test(pair[1]!))) {
      add(blockKey, line);
      continue;
    }
    if (!pair) continue;
    const key = pair[1]!.toLowerCase();
    if (pair[2] === '') {
      blockKey = key;
      continue;
    }
    blockKey = null;
    add(key, pair[2]!);
  }
  return out;
}

function cleanContact(contact: WhoisContact): WhoisContact | null {
  const usable = (v: string | null) => (v === null || /redacted|privacy|withheld|not disclosed/i.test(v) ? null : v);
  const cleaned = {
    name: usable(contact.name),
    organization: usable(contact.organization),
    email: contact.email !== null && contact.email.includes('@') ? contact.email : null,
  };
  return cleaned.name || cleaned.organization || cleaned.email ? cleaned : null;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The upstream JSON variant: each role key (`Registrant`, `Admin`, `Tech`, `Billing`) holds a JSON string (or
 * object) with First_Name, Last_Name, Organisation_Name, Email. Upstream's own example is not valid JSON
 * (`"Country":GB`), so bare words are quoted before parsing.
 */
export function parseWhoisJson(body: WireObject): WhoisInfo {
  const contacts: WhoisInfo['contacts'] = {};
  for (const role of ROLES) {
    const key = Object.keys(body).find((k) => k.toLowerCase() === role);
    const value = key === undefined ? undefined : body[key];
    const fields = typeof value === 'string' ? lenientJson(value) : isWireObject(value) ? value : null;
    if (!fields) continue;
    const str = (k: string) => (typeof fields[k] === 'string' && fields[k] !== '' ? (fields[k] as string) : null);
    const name = [str('First_Name'), str('Last_Name')].filter((p) => p !== null).join(' ') || str('Full_Name');
    const contact = cleanContact({ name, organization: str('Organisation_Name') ?? str('Organization_Name') ?? str('Company_Name'), email: str('Email') });
    if (contact) contacts[role] = contact;
  }
  return {
    found: Object.keys(contacts).length > 0,
    statuses: [],
    createdOn: null,
    expiresOn: null,
    updatedOn: null,
    registrar: null,
    nameservers: [],
    contacts,
    raw: JSON.stringify(body),
  };
}

function lenientJson(text: string): Record<string, unknown> | null {
  for (const candidate of [text, text.replace(/:\s*([A-Za-z_][\w-]*)\s*(?=[,}])/g, (m, word: string) =>
    ['true', 'false', 'null'].includes(word) ? m : `:"${word}"`)]) {
    try {
      const parsed = JSON.parse(candidate) as unknown;
      if (isWireObject(parsed)) return parsed;
    } catch {
      // try the next candidate
    }
  }
  return null;
}
