/**
 * The sandbox provider's state, one SQLite database (in memory by default, a file with --db).
 *
 * Values are stored the way the wire shows them, so replies need no reformatting: money as two-decimal
 * strings ("12.95"), exchange rates with five decimals, dates as 'YYYY-mm-dd' with '0000-00-00' for unset,
 * date-times as 'YYYY-mm-dd HH:MM:SS' with '0000-00-00 00:00:00' for unset, flags as 0/1 integers.
 * Arithmetic on money happens in integer cents in code, never in SQL on these strings.
 *
 * Rows owned by a client account carry `userid`; the catalogue, announcements, departments and TLD prices
 * are shared by every account.
 */
export const SCHEMA_VERSION = 4;

export const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

-- A client account of the provider, with its API credentials (one OAuth client per account).
CREATE TABLE IF NOT EXISTS clients (
  id INTEGER PRIMARY KEY,
  uuid TEXT NOT NULL,
  firstname TEXT NOT NULL, lastname TEXT NOT NULL, companyname TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL UNIQUE,
  address1 TEXT NOT NULL DEFAULT '', address2 TEXT NOT NULL DEFAULT '', city TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT '', postcode TEXT NOT NULL DEFAULT '', country TEXT NOT NULL DEFAULT 'US',
  phonenumber TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,            -- shown in get-clients-details, never the plain password
  api_password TEXT NOT NULL,             -- the account password accepted by the password grant
  api_client_id TEXT NOT NULL UNIQUE,
  api_client_secret TEXT NOT NULL,
  currency_code TEXT NOT NULL DEFAULT 'USD',
  defaultgateway TEXT NOT NULL DEFAULT 'mailin',
  status TEXT NOT NULL DEFAULT 'Active',
  credit TEXT NOT NULL DEFAULT '0.00',
  groupid INTEGER NOT NULL DEFAULT 0,
  language TEXT NOT NULL DEFAULT 'english',
  notes TEXT NOT NULL DEFAULT '',
  taxexempt INTEGER NOT NULL DEFAULT 0,
  lastlogin TEXT NOT NULL DEFAULT '',
  datecreated TEXT NOT NULL
);

-- Issued OAuth tokens. Expiry times are unix seconds.
CREATE TABLE IF NOT EXISTS tokens (
  access_token TEXT PRIMARY KEY,
  refresh_token TEXT NOT NULL UNIQUE,
  userid INTEGER NOT NULL REFERENCES clients(id),
  client_id TEXT NOT NULL,
  access_expires INTEGER NOT NULL,
  refresh_expires INTEGER NOT NULL,
  revoked INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS product_groups (id INTEGER PRIMARY KEY, name TEXT NOT NULL);

-- Catalogue. pricing is JSON: {"USD":{"prefix":"$","suffix":" USD","monthly":"9.99",...,"triennially":"-1.00"}}
CREATE TABLE IF NOT EXISTS products (
  pid INTEGER PRIMARY KEY,
  gid INTEGER NOT NULL REFERENCES product_groups(id),
  type TEXT NOT NULL,                     -- hostingaccount | reselleraccount | server | other
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  paytype TEXT NOT NULL DEFAULT 'recurring',
  pricing TEXT NOT NULL
);

-- Catalogue add-ons, and which products they apply to. pricing as for products.
CREATE TABLE IF NOT EXISTS addons (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  billingcycle TEXT NOT NULL,
  pricing TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS addon_products (addonid INTEGER NOT NULL, pid INTEGER NOT NULL, PRIMARY KEY (addonid, pid));

-- Configurable options of a product and their choices.
CREATE TABLE IF NOT EXISTS configoptions (
  id INTEGER PRIMARY KEY,
  pid INTEGER NOT NULL REFERENCES products(pid),
  name TEXT NOT NULL,
  type TEXT NOT NULL                      -- dropdown | radio | yesno | quantity
);
CREATE TABLE IF NOT EXISTS configoption_choices (
  id INTEGER PRIMARY KEY,
  configid INTEGER NOT NULL REFERENCES configoptions(id),
  name TEXT NOT NULL,
  pricing TEXT NOT NULL                   -- as products': by currency, each cycle's price and setup fee
);
-- Custom fields a product asks for when ordered; add-order's customfields are keyed by these ids, and
-- service_customfields copies id and name from here.
CREATE TABLE IF NOT EXISTS product_customfields (
  id INTEGER PRIMARY KEY,
  pid INTEGER NOT NULL REFERENCES products(pid),
  name TEXT NOT NULL
);

-- Domain prices per TLD; each column is JSON {"1":"9.95","2":"19.90",...} by registration years.
CREATE TABLE IF NOT EXISTS tld_pricing (
  tld TEXT PRIMARY KEY,                   -- with the leading dot: '.com'
  register TEXT NOT NULL, transfer TEXT NOT NULL, renew TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS services (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL REFERENCES clients(id),
  orderid INTEGER NOT NULL,
  pid INTEGER NOT NULL,
  regdate TEXT NOT NULL,
  name TEXT NOT NULL, groupname TEXT NOT NULL,
  domain TEXT NOT NULL DEFAULT '',
  dedicatedip TEXT NOT NULL DEFAULT '',
  serverid INTEGER NOT NULL DEFAULT 0, servername TEXT NOT NULL DEFAULT '', serverip TEXT NOT NULL DEFAULT '',
  serverhostname TEXT NOT NULL DEFAULT '',
  suspensionreason TEXT NOT NULL DEFAULT '',
  firstpaymentamount TEXT NOT NULL, recurringamount TEXT NOT NULL,
  paymentmethod TEXT NOT NULL, paymentmethodname TEXT NOT NULL,
  billingcycle TEXT NOT NULL,
  nextduedate TEXT NOT NULL,
  status TEXT NOT NULL,                   -- Pending | Active | Suspended | Terminated | Cancelled | Fraud | Completed
  username TEXT NOT NULL DEFAULT '', password TEXT NOT NULL DEFAULT '',
  subscriptionid TEXT NOT NULL DEFAULT '', promoid INTEGER NOT NULL DEFAULT 0,
  overideautosuspend TEXT NOT NULL DEFAULT '', overidesuspenduntil TEXT NOT NULL DEFAULT '0000-00-00',
  ns1 TEXT NOT NULL DEFAULT '', ns2 TEXT NOT NULL DEFAULT '',
  assignedips TEXT NOT NULL DEFAULT '', notes TEXT NOT NULL DEFAULT '',
  diskusage INTEGER NOT NULL DEFAULT 0, disklimit INTEGER NOT NULL DEFAULT 0,
  bwusage INTEGER NOT NULL DEFAULT 0, bwlimit INTEGER NOT NULL DEFAULT 0,
  lastupdate TEXT NOT NULL DEFAULT '0000-00-00 00:00:00'
);
CREATE INDEX IF NOT EXISTS services_user ON services(userid, id);
CREATE TABLE IF NOT EXISTS service_customfields (
  serviceid INTEGER NOT NULL, id INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (serviceid, id)
);
CREATE TABLE IF NOT EXISTS service_configoptions (
  serviceid INTEGER NOT NULL, id INTEGER NOT NULL, option TEXT NOT NULL, type TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (serviceid, id)
);
-- Add-ons bought for a service (created by add-order).
CREATE TABLE IF NOT EXISTS service_addons (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL, orderid INTEGER NOT NULL, serviceid INTEGER NOT NULL, addonid INTEGER NOT NULL,
  name TEXT NOT NULL, status TEXT NOT NULL, billingcycle TEXT NOT NULL, recurring TEXT NOT NULL,
  regdate TEXT NOT NULL, nextduedate TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS domains (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL REFERENCES clients(id),
  orderid INTEGER NOT NULL,
  regtype TEXT NOT NULL,                  -- Register | Transfer
  domainname TEXT NOT NULL,
  registrar TEXT NOT NULL,
  regperiod INTEGER NOT NULL,
  firstpaymentamount TEXT NOT NULL, recurringamount TEXT NOT NULL,
  paymentmethod TEXT NOT NULL, paymentmethodname TEXT NOT NULL,
  regdate TEXT NOT NULL, expirydate TEXT NOT NULL, nextduedate TEXT NOT NULL,
  status TEXT NOT NULL,                   -- Pending | Pending Transfer | Active | Expired | Transferred Away | Cancelled | Fraud | Grace | Redemption
  subscriptionid TEXT NOT NULL DEFAULT '', promoid INTEGER NOT NULL DEFAULT 0,
  dnsmanagement INTEGER NOT NULL DEFAULT 0, emailforwarding INTEGER NOT NULL DEFAULT 0,
  idprotection INTEGER NOT NULL DEFAULT 0, donotrenew INTEGER NOT NULL DEFAULT 0,
  notes TEXT NOT NULL DEFAULT '',
  eppcode TEXT,                           -- NULL: the registrar e-mails the code to the client instead
  registrar_error TEXT,                   -- non-NULL: domain-request-epp fails with this registrar message
  nameservers TEXT NOT NULL DEFAULT ''    -- comma-separated
);
CREATE INDEX IF NOT EXISTS domains_user ON domains(userid, id);
-- A domain's TLD-specific registration fields (add-order's domainfields), as upstream keeps them per domain:
-- by the field's name, a ticked tickbox 'on'.
CREATE TABLE IF NOT EXISTS domain_fields (
  domainid INTEGER NOT NULL REFERENCES domains(id),
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (domainid, name)
);
CREATE INDEX IF NOT EXISTS domains_name ON domains(domainname);

CREATE TABLE IF NOT EXISTS invoices (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL REFERENCES clients(id),
  date TEXT NOT NULL, duedate TEXT NOT NULL, datepaid TEXT NOT NULL DEFAULT '0000-00-00 00:00:00',
  status TEXT NOT NULL,                   -- Draft | Unpaid | Paid | Cancelled | Refunded | Collections
  subtotal TEXT NOT NULL, taxrate TEXT NOT NULL DEFAULT '0.00', taxrate2 TEXT NOT NULL DEFAULT '0.00',
  tax TEXT NOT NULL DEFAULT '0.00', tax2 TEXT NOT NULL DEFAULT '0.00', total TEXT NOT NULL,
  paymentmethod TEXT NOT NULL DEFAULT 'mailin',
  notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS invoices_user ON invoices(userid, id);
CREATE TABLE IF NOT EXISTS invoice_items (
  id INTEGER PRIMARY KEY,
  invoiceid INTEGER NOT NULL REFERENCES invoices(id),
  type TEXT NOT NULL DEFAULT '',          -- '' for manual items, Hosting | Domain | Addon for order items
  relid INTEGER NOT NULL DEFAULT 0,
  description TEXT NOT NULL, amount TEXT NOT NULL, taxed INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY,
  ordernum TEXT NOT NULL UNIQUE,
  userid INTEGER NOT NULL REFERENCES clients(id),
  contactid INTEGER NOT NULL DEFAULT 0,
  date TEXT NOT NULL,
  nameservers TEXT NOT NULL DEFAULT '', transfersecret TEXT NOT NULL DEFAULT '', renewals TEXT NOT NULL DEFAULT '',
  promocode TEXT NOT NULL DEFAULT '', promotype TEXT NOT NULL DEFAULT '', promovalue TEXT NOT NULL DEFAULT '',
  orderdata TEXT NOT NULL DEFAULT '',
  amount TEXT NOT NULL,
  paymentmethod TEXT NOT NULL, paymentmethodname TEXT NOT NULL,
  invoiceid INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,                   -- Pending | Active | Fraud | Cancelled
  ipaddress TEXT NOT NULL DEFAULT '',
  fraudmodule TEXT NOT NULL DEFAULT '', fraudoutput TEXT NOT NULL DEFAULT '', frauddata TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  affid INTEGER NOT NULL DEFAULT 0        -- add-order's affiliate id (0: none); not in get-orders' reply
);
CREATE INDEX IF NOT EXISTS orders_user ON orders(userid, id);
CREATE TABLE IF NOT EXISTS order_lineitems (
  orderid INTEGER NOT NULL REFERENCES orders(id),
  seq INTEGER NOT NULL,
  type TEXT NOT NULL,                     -- product | domain | addon
  relid INTEGER NOT NULL,
  producttype TEXT NOT NULL,              -- e.g. 'Hosting Account', 'Domain Registration', 'Domain Transfer', 'Addon'
  product TEXT NOT NULL,
  domain TEXT NOT NULL DEFAULT '',
  billingcycle TEXT NOT NULL,
  amount TEXT NOT NULL,                   -- plain decimal; replies format it with currency text
  status TEXT NOT NULL,
  PRIMARY KEY (orderid, seq)
);

CREATE TABLE IF NOT EXISTS transactions (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL REFERENCES clients(id),
  currency INTEGER NOT NULL DEFAULT 0,
  gateway TEXT NOT NULL,
  date TEXT NOT NULL,
  description TEXT NOT NULL,
  amountin TEXT NOT NULL, fees TEXT NOT NULL, amountout TEXT NOT NULL, rate TEXT NOT NULL,
  transid TEXT NOT NULL,
  invoiceid INTEGER NOT NULL DEFAULT 0,
  refundid INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS transactions_user ON transactions(userid, id);

-- Quotes the provider made the client (get-clients-details counts them, and the Accepted ones).
CREATE TABLE IF NOT EXISTS quotes (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL REFERENCES clients(id),
  subject TEXT NOT NULL,
  stage TEXT NOT NULL,                    -- Draft | Delivered | On Hold | Accepted | Lost | Dead
  total TEXT NOT NULL,
  datecreated TEXT NOT NULL, validuntil TEXT NOT NULL, dateaccepted TEXT NOT NULL DEFAULT '0000-00-00'
);
CREATE INDEX IF NOT EXISTS quotes_user ON quotes(userid, stage);
-- A client that is an affiliate (at most one record each), and the sign-ups it referred.
CREATE TABLE IF NOT EXISTS affiliates (
  id INTEGER PRIMARY KEY,
  clientid INTEGER NOT NULL UNIQUE REFERENCES clients(id),
  date TEXT NOT NULL, visitors INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS affiliate_signups (
  id INTEGER PRIMARY KEY,
  affiliateid INTEGER NOT NULL REFERENCES affiliates(id),
  date TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS contacts (
  id INTEGER PRIMARY KEY,
  userid INTEGER NOT NULL REFERENCES clients(id),
  firstname TEXT NOT NULL DEFAULT '', lastname TEXT NOT NULL DEFAULT '', companyname TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  address1 TEXT NOT NULL DEFAULT '', address2 TEXT NOT NULL DEFAULT '', city TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL DEFAULT '', postcode TEXT NOT NULL DEFAULT '', country TEXT NOT NULL DEFAULT '',
  phonenumber TEXT NOT NULL DEFAULT '', tax_id TEXT NOT NULL DEFAULT '',
  subaccount INTEGER NOT NULL DEFAULT 0,
  password TEXT NOT NULL DEFAULT '',      -- a hash, never plain
  permissions TEXT NOT NULL DEFAULT '',
  domainemails INTEGER NOT NULL DEFAULT 0, generalemails INTEGER NOT NULL DEFAULT 0,
  invoiceemails INTEGER NOT NULL DEFAULT 0, productemails INTEGER NOT NULL DEFAULT 0,
  supportemails INTEGER NOT NULL DEFAULT 0, affiliateemails INTEGER NOT NULL DEFAULT 0,
  pwresetkey TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  pwresetexpiry TEXT NOT NULL DEFAULT '0000-00-00 00:00:00'
);
CREATE INDEX IF NOT EXISTS contacts_user ON contacts(userid, id);

CREATE TABLE IF NOT EXISTS announcements (
  id INTEGER PRIMARY KEY,
  date TEXT NOT NULL, title TEXT NOT NULL, announcement TEXT NOT NULL,
  published INTEGER NOT NULL DEFAULT 1, parentid INTEGER NOT NULL DEFAULT 0, language TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS departments (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL DEFAULT '', hidden INTEGER NOT NULL DEFAULT 0
);
-- Custom fields a department's tickets ask for (as the upstream system's support departments can):
-- open-ticket's and add-ticket-reply's customfields are keyed by these ids.
CREATE TABLE IF NOT EXISTS department_customfields (
  id INTEGER PRIMARY KEY,
  deptid INTEGER NOT NULL REFERENCES departments(id),
  name TEXT NOT NULL,
  type TEXT NOT NULL,                     -- text | dropdown | tickbox
  options TEXT NOT NULL DEFAULT '',       -- a dropdown's choices, comma-separated as upstream keeps them
  required INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS tickets (
  id INTEGER PRIMARY KEY,
  tid TEXT NOT NULL UNIQUE,
  deptid INTEGER NOT NULL REFERENCES departments(id),
  userid INTEGER NOT NULL,                -- 0 when opened by a non-client (name and email given)
  owner_userid INTEGER NOT NULL,          -- the account whose list shows it
  contactid INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL, email TEXT NOT NULL, cc TEXT NOT NULL DEFAULT '',
  c TEXT NOT NULL,
  date TEXT NOT NULL,
  subject TEXT NOT NULL, message TEXT NOT NULL,
  status TEXT NOT NULL,                   -- Open | Answered | Customer-Reply | On Hold | In Progress | Closed
  priority TEXT NOT NULL,                 -- Low | Medium | High
  admin TEXT NOT NULL DEFAULT '',
  attachment TEXT NOT NULL DEFAULT '',    -- '|'-joined stored names, as the upstream system keeps them
  lastreply TEXT NOT NULL,
  flag INTEGER NOT NULL DEFAULT 0,
  service TEXT NOT NULL DEFAULT '',       -- 'S<serviceid>' or 'D<domainid>' or ''
  markdown INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS tickets_owner ON tickets(owner_userid, id);
CREATE TABLE IF NOT EXISTS ticket_replies (
  id INTEGER PRIMARY KEY,
  ticketid INTEGER NOT NULL REFERENCES tickets(id),
  userid INTEGER NOT NULL DEFAULT 0, contactid INTEGER NOT NULL DEFAULT 0,
  name TEXT NOT NULL DEFAULT '', email TEXT NOT NULL DEFAULT '', admin TEXT NOT NULL DEFAULT '',
  date TEXT NOT NULL, message TEXT NOT NULL, markdown INTEGER NOT NULL DEFAULT 0
);
-- A ticket's custom field values (open-ticket sets them, add-ticket-reply may change them).
CREATE TABLE IF NOT EXISTS ticket_customfields (
  ticketid INTEGER NOT NULL REFERENCES tickets(id), fieldid INTEGER NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (ticketid, fieldid)
);
-- Decoded attachments, readable back by tests. replyid NULL: attached to the opening message.
CREATE TABLE IF NOT EXISTS ticket_attachments (
  id INTEGER PRIMARY KEY,
  ticketid INTEGER NOT NULL REFERENCES tickets(id),
  replyid INTEGER,
  filename TEXT NOT NULL,
  data BLOB NOT NULL
);
`;
