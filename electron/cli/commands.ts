/** The commands and options of reseller-desk, as data: the parser, the help and the checks all read this. */
import type { ParseArgsConfig } from 'node:util';

export const OPTIONS = {
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  account: { type: 'string' },
  json: { type: 'boolean' },
  'base-url': { type: 'string' },
  'alt-base-url': { type: 'string' },
  service: { type: 'string' },
  'client-id': { type: 'string' },
  username: { type: 'string' },
  'insecure-http': { type: 'boolean' },
  'ca-file': { type: 'string' },
  'proxy-user': { type: 'string' },
  force: { type: 'boolean' },
  'keep-data': { type: 'boolean' },
  only: { type: 'string', multiple: true },
  format: { type: 'string' },
  bom: { type: 'boolean' },
  params: { type: 'string' },
  'server-id': { type: 'string' },
  limit: { type: 'string' },
  deadline: { type: 'string' },
  preset: { type: 'string' },
  port: { type: 'string' },
  'alt-port': { type: 'string' },
  'update-by': { type: 'string' },
  'dry-run': { type: 'boolean' },
  where: { type: 'string', multiple: true },
  set: { type: 'string', multiple: true },
  clear: { type: 'string', multiple: true },
  years: { type: 'string' },
  out: { type: 'string' },
} as const satisfies ParseArgsConfig['options'];

export type OptionName = Exclude<keyof typeof OPTIONS, 'data-dir' | 'help' | 'version'>;

export const OPTION_HELP: Record<OptionName, string> = {
  account: '--account NAME      use this account for this command only (`account use` changes the current one)',
  json: '--json              machine-readable output: one JSON value on stdout',
  'base-url': "--base-url URL      the provider's address, without /api/v2/… (e.g. https://api.example.com)",
  'alt-base-url': '--alt-base-url URL  the address of the four alt operations; leave out when they are on the base URL',
  service: "--service SEGMENT   the provider's segment in /api/v2/<segment>/… (default svc)",
  'client-id': '--client-id ID      the OAuth client id the provider gave you',
  username: '--username EMAIL    the e-mail address you sign in with',
  'insecure-http': '--insecure-http     allow plain http:// to another machine (the client secret and password then cross unencrypted)',
  'ca-file': '--ca-file FILE      a PEM file of an extra CA certificate to trust (a TLS-inspecting proxy\'s); "" for none',
  'proxy-user': '--proxy-user USER   the user name for a proxy that asks for a sign-in (its password: RESELLER_DESK_PROXY_PASSWORD); "" for none',
  force: '--force             remove even though edits are queued (they are lost)',
  'keep-data': '--keep-data         keep the mirror and outbox files (and the key of their sealed EPP codes)',
  only: '--only RESOURCE     pull only these resources (repeat, or a comma-separated list)',
  format: '--format csv|json   csv (a header row, one line per record) or json (default)',
  bom: '--bom               start the CSV with a byte order mark (for spreadsheets that need one)',
  params: '--params JSON       the edit\'s parameters as JSON, or @FILE to read them from a file',
  'server-id': '--server-id N       the id the record got on the provider (a create found applied there)',
  limit: '--limit N           at most N hits (default 20, at most 100)',
  deadline: '--deadline MINUTES  the most the sync may take (default: the settings\' syncDeadlineMinutes, 5)',
  preset: '--preset demo|large|huge  the generated data (default demo)',
  port: '--port N            the base URL\'s port (default: a free one)',
  'alt-port': '--alt-port N        the alt base URL\'s port (default: a free one)',
  'update-by': '--update-by email   update the contact with the same e-mail instead of adding new ones',
  'dry-run': '--dry-run           show what would be queued, and what is left out and why; queue nothing',
  where: '--where FIELD=VALUE  the contacts a list filtered so shows (repeat: all must hold), e.g. country=IT',
  set: '--set FIELD=VALUE    set a field on each contact (repeat for more fields)',
  clear: '--clear FIELD       clear a field (an e-mail preference: off; repeat for more)',
  years: '--years N           for how many years (1 to 10)',
  out: '--out FILE          where to write it',
};

export interface CommandSpec {
  /** The words after the command, by name, and how many of them there may be. */
  words: { names: string[]; length: [min: number, max: number] };
  options: readonly OptionName[];
  summary: string;
  details?: string;
  /** Talks to the provider: needs the account's secrets, and starts the demo provider for the demo account. */
  provider: boolean;
}

const word = (...names: string[]) => ({ names, length: [names.length, names.length] as [number, number] });
/** One word or more (NAME…), up to `max`. */
const words = (name: string, max: number) => ({ names: [`${name}…`], length: [1, max] as [number, number] });
const none = { names: [], length: [0, 0] as [number, number] };
const connection: OptionName[] = ['base-url', 'alt-base-url', 'service', 'client-id', 'username', 'insecure-http', 'ca-file', 'proxy-user'];

export const COMMANDS = {
  'account add': {
    words: word('NAME'),
    options: connection,
    summary: 'check the credentials with the provider and store the account',
    details:
      'Needs --base-url, --client-id and --username; the secrets come from RESELLER_DESK_CLIENT_SECRET and\n' +
      'RESELLER_DESK_PASSWORD (never from arguments). The new account becomes the current one. Requests go\n' +
      'through the proxy HTTPS_PROXY / HTTP_PROXY name, except to the hosts NO_PROXY lists.',
    provider: true,
  },
  'account edit': {
    words: word('NAME'),
    options: connection,
    summary: "change an account's connection (checked with the provider first)",
    details: 'Secrets in RESELLER_DESK_CLIENT_SECRET / RESELLER_DESK_PASSWORD / RESELLER_DESK_PROXY_PASSWORD replace the stored ones.',
    provider: true,
  },
  'account list': { words: none, options: ['json'], summary: 'the stored accounts (* marks the current one)', provider: false },
  'account use': { words: word('NAME'), options: [], summary: 'make NAME the current account (the one commands use by default)', provider: false },
  'account remove': {
    words: word('NAME'),
    options: ['force', 'keep-data'],
    summary: 'forget an account, its secrets and its local data',
    details: 'Refused while the account has queued edits, unless --force.',
    provider: false,
  },
  sync: {
    words: none,
    options: ['account', 'json', 'only', 'deadline'],
    summary: 'send queued edits, then pull the account into the local mirror',
    details: 'Ctrl-C stops it: resources pulled in full are kept, the one cut short is discarded.',
    provider: true,
  },
  status: { words: none, options: ['account', 'json'], summary: 'per resource: rows and last synced; outbox counts', provider: false },
  export: {
    words: word('RESOURCE'),
    options: ['account', 'format', 'bom'],
    summary: 'every record of RESOURCE as the app shows it (queued edits included), on stdout',
    provider: false,
  },
  search: { words: word('TEXT'), options: ['account', 'json', 'limit'], summary: 'records matching TEXT, across resources', provider: false },
  show: { words: word('RESOURCE', 'ID'), options: ['account', 'json'], summary: 'one record, as the app shows it (an id, or a local id such as local:7)', provider: false },
  outbox: {
    words: none,
    options: ['account', 'json'],
    summary: 'the queued edits and their states',
    details: 'An edit changed on the provider meanwhile waits (conflict), listed with the provider\'s value and yours.',
    provider: false,
  },
  'outbox retry': { words: word('ID'), options: ['account', 'json'], summary: 'send a failed edit again now', provider: true },
  'outbox discard': { words: word('ID'), options: ['account', 'json'], summary: 'drop a queued edit without sending it', provider: false },
  'outbox keep-mine': {
    words: word('ID'),
    options: ['account', 'json'],
    summary: 'an edit changed on the provider meanwhile: send yours over theirs',
    provider: true,
  },
  'outbox take-theirs': {
    words: word('ID'),
    options: ['account', 'json'],
    summary: 'an edit changed on the provider meanwhile: keep theirs, drop yours where they differ',
    provider: true,
  },
  'outbox mark-applied': {
    words: word('ID'),
    options: ['account', 'json', 'server-id'],
    summary: 'an edit to review that you found applied on the provider',
    provider: true,
  },
  'outbox recover': {
    words: none,
    options: ['account', 'json'],
    summary: 'carry on with a damaged or lost outbox: its readable entries go into a new file',
    details:
      'For an outbox the app reports damaged, gone or older than it was. The old file is kept aside (its name is\n' +
      'printed); with no file left, the account starts an empty outbox and the edits it held are lost.',
    provider: false,
  },
  queue: {
    words: word('KIND'),
    options: ['account', 'json', 'params'],
    summary: 'queue an edit (sent by the next sync), checked as the app checks it',
    details:
      'KIND is add-contact, update-contact, delete-contact, open-ticket, add-ticket-reply, create-invoice, add-order or\n' +
      'domain-request-epp. A ticket\'s or reply\'s attachments may be given as {"path": "FILE"} (regular files only).',
    provider: false,
  },
  'contacts import': {
    words: word('FILE'),
    options: ['account', 'json', 'update-by', 'dry-run'],
    summary: 'queue the contacts of a CSV file (UTF-8), one edit per valid row',
    details:
      'The columns are read from the header, in English or Italian (first name/nome, e-mail, città, CAP, paese…);\n' +
      'each row is checked as the app checks a contact, and a row that fails is left out with the reason (on stderr).',
    provider: false,
  },
  'contacts update': {
    words: none,
    options: ['account', 'json', 'where', 'set', 'clear', 'dry-run'],
    summary: 'queue one change to every contact a filter shows: fields set or cleared, the others kept',
    details:
      'Fields: firstname, lastname, companyname, email, address1, address2, city, state, postcode, country,\n' +
      'phonenumber, and the e-mail preferences generalemails, productemails, domainemails, invoiceemails,\n' +
      'supportemails (true or false). The provider cannot blank a text field: such a clear is left out, with why.',
    provider: false,
  },
  'domains renew': {
    words: words('NAME', 5000),
    options: ['account', 'json', 'years', 'dry-run'],
    summary: 'queue one order renewing these domains (prices from the whois answers the mirror keeps)',
    details: 'Domains the provider would not renew (cancelled, pending, transferred away…) are left out, with why.',
    provider: false,
  },
  whois: { words: word('NAME'), options: ['account', 'json'], summary: "a domain's availability and prices (the mirror's answer when offline)", provider: true },
  'whois-info': { words: word('NAME'), options: ['account', 'json'], summary: "the registry's whois text of a domain (the mirror's when offline)", provider: true },
  epp: {
    words: word('NAME'),
    options: ['account', 'json'],
    summary: "a domain's EPP code once it has come back; otherwise nothing on stdout (the request is queued)",
    details: 'The first run queues the request (domain-request-epp); `npx reseller-desk sync` sends it; run epp again.',
    provider: false,
  },
  diagnostics: {
    words: none,
    options: ['out'],
    summary: 'write the diagnostics bundle (one JSON file, without secrets) for whoever helps you',
    details:
      "Versions, settings, accounts without secrets, each file's health check, the open account's last sync\n" +
      "runs and its outbox by kind and state (field names, never values), and the log's last lines.",
    provider: false,
  },
  sandbox: {
    words: none,
    options: ['preset', 'port', 'alt-port'],
    summary: 'start the bundled demo provider and add its account ("Demo"); runs until Ctrl-C',
    details: 'Other commands on the Demo account use this provider while it runs.',
    provider: true,
  },
} as const satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
