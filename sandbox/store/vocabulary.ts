/** Word lists the generator draws realistic values from. Unicode on purpose: the app must render it. */

/** A name as displayed, and its ASCII form for e-mail addresses. */
export type PersonName = readonly [display: string, ascii: string];

export const FIRST_NAMES: readonly PersonName[] = [
  ['Zoë', 'zoe'], ['José', 'jose'], ['Anna', 'anna'], ['Liam', 'liam'], ['Émilie', 'emilie'], ['Jürgen', 'juergen'],
  ['Søren', 'soeren'], ['Mia', 'mia'], ['Noah', 'noah'], ['Björn', 'bjoern'], ['Chloé', 'chloe'], ['Łukasz', 'lukasz'],
  ['Aoife', 'aoife'], ['François', 'francois'], ['Olivia', 'olivia'], ['Mateo', 'mateo'], ['Ingrid', 'ingrid'],
  ['Sakura', 'sakura'], ['Wei', 'wei'], ['Priya', 'priya'], ['Arjun', 'arjun'], ['Fatima', 'fatima'], ['Omar', 'omar'],
  ['Hannah', 'hannah'], ['Ethan', 'ethan'], ['Lucía', 'lucia'], ['Matthäus', 'matthaeus'], ['Zoltán', 'zoltan'],
  ['Dvořák', 'dvorak'], ['Grace', 'grace'], ['Kenji', 'kenji'], ['Ana', 'ana'], ['Thomas', 'thomas'], ['Sophie', 'sophie'],
  ['Max', 'max'], ['Elif', 'elif'], ['Nguyễn', 'nguyen'], ['Siobhán', 'siobhan'], ['René', 'rene'], ['Marta', 'marta'],
  ['美咲', 'misaki'], ['健太', 'kenta'], ['伟', 'wei'], ['Дмитрий', 'dmitry'], ['Ελένη', 'eleni'],
];

export const LAST_NAMES: readonly PersonName[] = [
  ['Müller', 'mueller'], ['Ñúñez', 'nunez'], ['Schmidt', 'schmidt'], ['García', 'garcia'], ['O\'Brien', 'obrien'],
  ['Smith', 'smith'], ['Johansson', 'johansson'], ['Dubois', 'dubois'], ['Kowalski', 'kowalski'], ['Rossi', 'rossi'],
  ['Novák', 'novak'], ['Andersen', 'andersen'], ['Yılmaz', 'yilmaz'], ['Patel', 'patel'], ['Tanaka', 'tanaka'],
  ['Chen', 'chen'], ['van der Berg', 'vanderberg'], ['Fernández', 'fernandez'], ['Weiß', 'weiss'], ['Lefèvre', 'lefevre'],
  ['Björk', 'bjork'], ['Murphy', 'murphy'], ['Kim', 'kim'], ['Jensen', 'jensen'], ['Costa', 'costa'], ['Nakamura', 'nakamura'],
  ['Brown', 'brown'], ['Silva', 'silva'], ['Horváth', 'horvath'], ['Wójcik', 'wojcik'], ['Ødegaard', 'odegaard'],
  ['佐藤', 'sato'], ['王', 'wang'], ['Иванов', 'ivanov'], ['Παπαδόπουλος', 'papadopoulos'], ['Taylor', 'taylor'],
];

export const COMPANY_NAMES: readonly string[] = [
  'Müller & Partner Webdesign GmbH', '株式会社さくらウェブ', 'Ñandú Digital S.L.', 'Nordlicht Hosting AB',
  'O\'Brien Consulting Ltd', 'Blue Harbour Media', 'Café Créatif SARL', 'Kowalski IT Sp. z o.o.', 'Pixel & Pine LLC',
  'Bäckerei Schön', '北京云海科技有限公司', 'Studio Øresund ApS', 'Acme Widgets Inc.', 'Greenleaf Gardens',
  'Rossi Costruzioni S.r.l.', 'Brightpath Tutoring', 'Atelier Lefèvre', 'Tanaka Trading Co.', 'Fjord Analytics AS',
  'Seaside Dental Care', 'Hält & Co. KG', '"Quoted" Ventures Ltd', 'Lumière Photography',
];

export interface City {
  readonly city: string;
  readonly state: string;
  readonly postcode: string;
}

export interface Locale {
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
  readonly phonePrefix: string;
  readonly cities: readonly City[];
  readonly streets: readonly string[];
}

export const LOCALES: readonly Locale[] = [
  {
    country: 'US', phonePrefix: '+1',
    cities: [
      { city: 'Austin', state: 'Texas', postcode: '78701' }, { city: 'Portland', state: 'Oregon', postcode: '97205' },
      { city: 'New York', state: 'New York', postcode: '10001' }, { city: 'Denver', state: 'Colorado', postcode: '80202' },
    ],
    streets: ['Main Street', 'Oak Avenue', 'Maple Drive', 'Sunset Boulevard', 'Elm Street'],
  },
  {
    country: 'DE', phonePrefix: '+49',
    cities: [
      { city: 'München', state: 'Bayern', postcode: '80331' }, { city: 'Köln', state: 'Nordrhein-Westfalen', postcode: '50667' },
      { city: 'Berlin', state: 'Berlin', postcode: '10115' }, { city: 'Düsseldorf', state: 'Nordrhein-Westfalen', postcode: '40213' },
    ],
    streets: ['Hauptstraße', 'Königsallee', 'Schloßstraße', 'Bahnhofstraße', 'Gartenweg'],
  },
  {
    country: 'GB', phonePrefix: '+44',
    cities: [
      { city: 'London', state: 'Greater London', postcode: 'EC1A 1BB' }, { city: 'Manchester', state: 'Greater Manchester', postcode: 'M1 1AE' },
      { city: 'Edinburgh', state: 'Scotland', postcode: 'EH1 1YZ' },
    ],
    streets: ['High Street', 'Station Road', 'Church Lane', 'Victoria Road'],
  },
  {
    country: 'ES', phonePrefix: '+34',
    cities: [{ city: 'Málaga', state: 'Andalucía', postcode: '29001' }, { city: 'A Coruña', state: 'Galicia', postcode: '15001' }],
    streets: ['Calle Mayor', 'Avenida de la Constitución', 'Calle del Sol'],
  },
  {
    country: 'FR', phonePrefix: '+33',
    cities: [{ city: 'Besançon', state: 'Bourgogne-Franche-Comté', postcode: '25000' }, { city: 'Paris', state: 'Île-de-France', postcode: '75001' }],
    streets: ['Rue de la République', 'Boulevard Saint-Germain', 'Rue des Écoles'],
  },
  {
    country: 'JP', phonePrefix: '+81',
    cities: [{ city: '東京', state: '東京都', postcode: '100-0001' }, { city: '大阪', state: '大阪府', postcode: '530-0001' }],
    streets: ['千代田1-1', '梅田2-4-9', '丸の内3-2'],
  },
  {
    country: 'SE', phonePrefix: '+46',
    cities: [{ city: 'Göteborg', state: 'Västra Götaland', postcode: '411 01' }, { city: 'Malmö', state: 'Skåne', postcode: '211 20' }],
    streets: ['Storgatan', 'Kungsgatan', 'Drottninggatan'],
  },
  {
    country: 'PL', phonePrefix: '+48',
    cities: [{ city: 'Łódź', state: 'łódzkie', postcode: '90-001' }, { city: 'Kraków', state: 'małopolskie', postcode: '30-001' }],
    streets: ['ul. Piotrkowska', 'ul. Floriańska', 'ul. Długa'],
  },
  {
    country: 'CA', phonePrefix: '+1',
    cities: [{ city: 'Montréal', state: 'Québec', postcode: 'H2Y 1C6' }, { city: 'Toronto', state: 'Ontario', postcode: 'M5H 2N2' }],
    streets: ['Rue Sainte-Catherine', 'King Street West', 'Yonge Street'],
  },
  {
    country: 'AU', phonePrefix: '+61',
    cities: [{ city: 'Sydney', state: 'New South Wales', postcode: '2000' }, { city: 'Melbourne', state: 'Victoria', postcode: '3000' }],
    streets: ['George Street', 'Collins Street', 'Beach Road'],
  },
];

/** Words combined into domain names. */
export const DOMAIN_WORDS: readonly string[] = [
  'blue', 'green', 'red', 'bright', 'swift', 'happy', 'urban', 'north', 'south', 'alpine', 'coastal', 'golden', 'silver',
  'smart', 'rapid', 'quiet', 'bold', 'fresh', 'wild', 'little', 'grand', 'prime', 'true', 'open', 'clear', 'lucky',
  'pixel', 'cloud', 'river', 'harbor', 'garden', 'bakery', 'studio', 'media', 'design', 'dental', 'law', 'travel',
  'coffee', 'books', 'bikes', 'yoga', 'pets', 'homes', 'build', 'craft', 'photo', 'music', 'food', 'wine', 'tech',
  'labs', 'works', 'shop', 'hub', 'point', 'nest', 'forge', 'craftworks', 'consulting', 'solutions', 'events', 'fitness',
  'garage', 'kitchen', 'market', 'print', 'roofing', 'plumbing', 'tutor', 'vet', 'salon', 'florist', 'farm', 'brew',
];

/** Internationalized (IDN) second-level labels, with the TLDs they go with. */
export const IDN_LABELS: readonly (readonly [label: string, tld: string])[] = [
  ['müller-bau', '.de'], ['bäckerei-schön', '.de'], ['straßenbahn-fan', '.de'], ['café-lumière', '.eu'],
  ['zürich-reisen', '.com'], ['españa-viajes', '.com'], ['øresund-design', '.eu'], ['kö-café', '.de'],
  ['東京ホテル', '.com'], ['日本語サイト', '.com'], ['naïve-art', '.info'], ['ελλάδα-ταξίδια', '.eu'],
];

export const REGISTRARS: readonly string[] = ['enom', 'resellerclub', 'openprovider'];

export const NAMESERVER_SETS: readonly string[] = [
  'ns1.resellerdns.net,ns2.resellerdns.net',
  'ns1.resellerdns.net,ns2.resellerdns.net,ns3.resellerdns.net',
  'kate.ns.cloudflare.com,rob.ns.cloudflare.com',
  'dns1.registrar-servers.com,dns2.registrar-servers.com',
  'ns-1021.awsdns-63.net,ns-1650.awsdns-14.co.uk,ns-186.awsdns-23.com,ns-1503.awsdns-59.org',
];

export const REGISTRAR_ERRORS: readonly string[] = [
  'Registrar Error: Domain is locked',
  'Registrar Error: Object status prohibits operation',
  'Registrar Error: Authorization information is not available for this domain',
  'Registrar Error: Domain not found in registrar account',
];

export const ADMIN_NAMES: readonly string[] = ['Sarah Lindqvist', 'Marco Bianchi', 'Aiko Yamamoto', 'Daniel Okafor', 'Léa Martin'];

export interface Server {
  readonly id: number;
  readonly name: string;
  readonly ip: string;
  readonly hostname: string;
}

export const SHARED_SERVERS: readonly Server[] = [
  { id: 1, name: 'Saturn', ip: '203.0.113.10', hostname: 'saturn.hostingprovider.net' },
  { id: 2, name: 'Jupiter', ip: '203.0.113.11', hostname: 'jupiter.hostingprovider.net' },
  { id: 3, name: 'Neptune', ip: '203.0.113.12', hostname: 'neptune.hostingprovider.net' },
  { id: 4, name: 'Mercury', ip: '198.51.100.20', hostname: 'mercury.hostingprovider.net' },
];

export const VIRTUALIZATION_SERVERS: readonly Server[] = [
  { id: 5, name: 'KVM Node 03', ip: '198.51.100.33', hostname: 'kvm03.fra.hostingprovider.net' },
  { id: 6, name: 'KVM Node 07', ip: '198.51.100.37', hostname: 'kvm07.ams.hostingprovider.net' },
  { id: 7, name: 'Bare Metal Rack B', ip: '192.0.2.50', hostname: 'rack-b.nyc.hostingprovider.net' },
];

export const SUSPENSION_REASONS: readonly string[] = [
  'Overdue on Payment', 'Abuse: outgoing spam reported', 'Terms of Service violation', 'Resource usage exceeded (CPU)',
];

export const CONTACT_PERMISSIONS: readonly string[] = [
  'profile', 'contacts', 'products', 'manageproducts', 'productsso', 'domains', 'managedomains', 'invoices', 'quotes',
  'tickets', 'affiliates', 'emails', 'orders',
];

export interface TicketTopic {
  readonly department: string;
  readonly subject: string;
  readonly message: string;
  readonly about: 'service' | 'domain' | 'none';
}

export const TICKET_TOPICS: readonly TicketTopic[] = [
  { department: 'Technical Support', about: 'service', subject: 'Website shows 500 Internal Server Error',
    message: 'Hello,\r\n\r\nsince this morning our website returns "500 Internal Server Error". We did not change anything.\r\n\r\nCould you check the error log?\r\n\r\nThanks' },
  { department: 'Technical Support', about: 'service', subject: 'Cannot connect via SFTP',
    message: 'Hi,\r\n\r\nFileZilla says "Connection refused" on port 22. Is SFTP enabled on my plan?' },
  { department: 'Technical Support', about: 'service', subject: 'E-mails going to spam at Gmail',
    message: 'Our newsletters land in spam. Can you help with SPF, DKIM & DMARC records?' },
  { department: 'Technical Support', about: 'service', subject: 'Upgrade PHP to 8.3 <urgent>',
    message: 'Our shop plugin needs PHP >= 8.2. Please upgrade the PHP version for the account.' },
  { department: 'Technical Support', about: 'service', subject: 'VPS not reachable after reboot',
    message: 'After a reboot from the panel the server no longer answers ping or SSH.' },
  { department: 'Technical Support', about: 'service', subject: 'SSL certificate not renewing',
    message: 'The browser says the certificate expired yesterday. AutoSSL log shows "DNS DCV failed".' },
  { department: 'Technical Support', about: 'service', subject: 'Restore backup from last Tuesday',
    message: 'We deleted a folder by mistake. Could you restore public_html/uploads from Tuesday\'s backup?' },
  { department: 'Domains & Transfers', about: 'domain', subject: 'Transfer stuck in "Pending Transfer"',
    message: 'The transfer started 6 days ago and is still pending. The EPP code was accepted by the old registrar.' },
  { department: 'Domains & Transfers', about: 'domain', subject: 'Need EPP code for outgoing transfer',
    message: 'Please send the authorisation code for the domain. The e-mail never arrived.' },
  { department: 'Domains & Transfers', about: 'domain', subject: 'Change nameservers to Cloudflare',
    message: 'Please point the domain to kate.ns.cloudflare.com and rob.ns.cloudflare.com.' },
  { department: 'Domains & Transfers', about: 'domain', subject: 'Whois privacy for .de domain?',
    message: 'Is ID protection available for .de domains? Our address shows up in the whois.' },
  { department: 'Billing', about: 'none', subject: 'Invoice shows wrong VAT number',
    message: 'Our VAT ID is DE123456789 but the invoice shows an old one. Please re-issue it.' },
  { department: 'Billing', about: 'none', subject: 'Refund request for duplicate payment',
    message: 'We paid the same invoice twice (PayPal and card). Please refund one of them.' },
  { department: 'Billing', about: 'none', subject: 'Change payment method to credit card',
    message: 'From next month we would like to pay by card instead of bank transfer.' },
  { department: 'Billing', about: 'none', subject: 'Überweisung für Rechnung eingegangen?',
    message: 'Guten Tag,\r\n\r\nwir haben die Rechnung am Montag überwiesen. Ist die Zahlung angekommen?\r\n\r\nMit freundlichen Grüßen' },
  { department: 'Sales', about: 'none', subject: 'Question about reseller plans',
    message: 'We host ~40 client sites. Which reseller plan would fit, and can we white-label the nameservers?' },
  { department: 'Sales', about: 'none', subject: '見積もりのお願い (quote request)',
    message: 'VPS 3台の見積もりをお願いします。\r\n\r\nPlease quote 3 VPS with 8 GB RAM each.' },
  { department: 'Sales', about: 'none', subject: 'Discount for 3-year prepayment?',
    message: 'Do you offer a discount if we pay 36 months in advance?' },
  { department: 'Abuse', about: 'service', subject: 'Phishing page reported on your network',
    message: 'A phishing page imitating a bank is hosted on one of your IPs. Please take it down.' },
];

export const ADMIN_REPLIES: readonly string[] = [
  'Hello,\r\n\r\nthank you for contacting us. We have checked this and it should work again now. Please let us know if the problem persists.\r\n\r\nKind regards',
  'Hi,\r\n\r\nwe have forwarded your request to our second-level team and will get back to you as soon as possible.',
  'Hello,\r\n\r\nplease clear your browser cache & try again. If the error remains, send us a screenshot.',
  'Hi,\r\n\r\nthe change has been made. DNS propagation can take up to 24 hours.',
  'Hello,\r\n\r\nwe have issued a credit note for the amount. It will show on your account within the hour.',
];

export const CLIENT_REPLIES: readonly string[] = [
  'Thanks, that fixed it!',
  'Unfortunately the problem is still there. Could you have another look?',
  'Any update on this? It has been two days.',
  'Danke für die schnelle Hilfe!',
  'Great, thank you very much. You can close the ticket.',
];

/** Non-client senders, for tickets that arrived by e-mail from someone without an account. */
export const GUEST_SENDERS: readonly (readonly [name: string, email: string])[] = [
  ['Abuse Desk', 'abuse-reports@spamwatch.example'],
  ['Jane Prospect', 'jane.prospect@gmail.example'],
  ['Renée Leclerc', 'renee.leclerc@orange.example'],
];
