/**
 * Record decoders: each model field with the wire field it comes from and how its value is read.
 * The `satisfies` checks tie every decoder to its type in shared/models.ts.
 */
import type {
  Announcement,
  CatalogueCustomField,
  CatalogueProduct,
  CataloguePricing,
  ClientDetails,
  ClientStats,
  ConfigOption,
  Contact,
  Department,
  Domain,
  ListedTicket,
  Order,
  ProductAddon,
  Service,
  Ticket,
  Transaction,
} from '../../../shared/models.js';
import { DecodeIssue, INVALID_INPUT, nestedList, record, type Decode } from './decoding.js';
import { count, date, dateTime, flag, formattedMoney, id, money, optId, optInt, optNumber, text } from './wire-values.js';

/** Prices by currency then key; values kept as text ("-1.00" means "not offered" upstream). */
function pricing(value: unknown): CataloguePricing {
  const out: CataloguePricing = {};
  // PHP encodes an empty array as [], so [] is "no prices".
  if (value === undefined || value === null || Array.isArray(value)) return out;
  if (typeof value !== 'object') throw new DecodeIssue(INVALID_INPUT);
  for (const [currency, prices] of Object.entries(value)) {
    if (typeof prices !== 'object' || prices === null || Array.isArray(prices)) continue;
    out[currency] = Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, v === null ? '' : String(v)]));
  }
  return out;
}

/** A custom field's name: text, or null when it has none. */
function fieldName(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  throw new DecodeIssue(INVALID_INPUT);
}

const serviceCustomField = record({ id: ['id', id], name: ['name', fieldName], value: ['value', text] });
const serviceConfigOption = record({ id: ['id', id], option: ['option', text], type: ['type', text], value: ['value', text] });

export const service = record({
  id: ['id', id],
  clientId: ['clientid', optId],
  orderId: ['orderid', optId],
  pid: ['pid', optId],
  regDate: ['regdate', date],
  name: ['name', text],
  translatedName: ['translated_name', text],
  groupName: ['groupname', text],
  translatedGroupName: ['translated_groupname', text],
  domain: ['domain', text],
  dedicatedIp: ['dedicatedip', text],
  serverId: ['serverid', optId],
  serverName: ['servername', text],
  serverIp: ['serverip', text],
  serverHostname: ['serverhostname', text],
  suspensionReason: ['suspensionreason', text],
  firstPaymentAmount: ['firstpaymentamount', money],
  recurringAmount: ['recurringamount', money],
  paymentMethod: ['paymentmethod', text],
  paymentMethodName: ['paymentmethodname', text],
  billingCycle: ['billingcycle', text],
  nextDueDate: ['nextduedate', date],
  status: ['status', text],
  username: ['username', text],
  subscriptionId: ['subscriptionid', text],
  promoId: ['promoid', optId],
  overrideAutoSuspend: ['overideautosuspend', flag],
  overrideSuspendUntil: ['overidesuspenduntil', date],
  ns1: ['ns1', text],
  ns2: ['ns2', text],
  assignedIps: ['assignedips', text],
  notes: ['notes', text],
  diskUsage: ['diskusage', optNumber],
  diskLimit: ['disklimit', optNumber],
  bwUsage: ['bwusage', optNumber],
  bwLimit: ['bwlimit', optNumber],
  lastUpdate: ['lastupdate', dateTime],
  customFields: ['customfields', nestedList('customfield', serviceCustomField)],
  configOptions: ['configoptions', nestedList('configoption', serviceConfigOption)],
}) satisfies Decode<Service>;

export const domain = record({
  id: ['id', id],
  userId: ['userid', optId],
  orderId: ['orderid', optId],
  regType: ['regtype', text],
  domainName: ['domainname', text],
  registrar: ['registrar', text],
  regPeriod: ['regperiod', optInt],
  firstPaymentAmount: ['firstpaymentamount', money],
  recurringAmount: ['recurringamount', money],
  paymentMethod: ['paymentmethod', text],
  paymentMethodName: ['paymentmethodname', text],
  regDate: ['regdate', date],
  expiryDate: ['expirydate', date],
  nextDueDate: ['nextduedate', date],
  status: ['status', text],
  subscriptionId: ['subscriptionid', text],
  promoId: ['promoid', optId],
  dnsManagement: ['dnsmanagement', flag],
  emailForwarding: ['emailforwarding', flag],
  idProtection: ['idprotection', flag],
  doNotRenew: ['donotrenew', flag],
  notes: ['notes', text],
}) satisfies Decode<Domain>;

const orderLineItem = record({
  type: ['type', text],
  relId: ['relid', optId],
  productType: ['producttype', text],
  product: ['product', text],
  domain: ['domain', text],
  billingCycle: ['billingcycle', text],
  amount: ['amount', formattedMoney],
  status: ['status', text],
});

export const order = record({
  id: ['id', id],
  orderNum: ['ordernum', text],
  userId: ['userid', optId],
  contactId: ['contactid', optId],
  date: ['date', dateTime],
  nameservers: ['nameservers', text],
  renewals: ['renewals', text],
  promoCode: ['promocode', text],
  promoType: ['promotype', text],
  promoValue: ['promovalue', text],
  orderData: ['orderdata', text],
  amount: ['amount', money],
  paymentMethod: ['paymentmethod', text],
  invoiceId: ['invoiceid', optId],
  status: ['status', text],
  ipAddress: ['ipaddress', text],
  fraudModule: ['fraudmodule', text],
  fraudOutput: ['fraudoutput', text],
  notes: ['notes', text],
  paymentMethodName: ['paymentmethodname', text],
  paymentStatus: ['paymentstatus', text],
  name: ['name', text],
  currencyPrefix: ['currencyprefix', text],
  currencySuffix: ['currencysuffix', text],
  fraudData: ['frauddata', text],
  lineItems: ['lineitems', nestedList('lineitem', orderLineItem)],
}) satisfies Decode<Order>;

export const transaction = record({
  id: ['id', id],
  userId: ['userid', optId],
  currency: ['currency', optInt],
  gateway: ['gateway', text],
  date: ['date', dateTime],
  description: ['description', text],
  amountIn: ['amountin', money],
  fees: ['fees', money],
  amountOut: ['amountout', money],
  rate: ['rate', text],
  transId: ['transid', text],
  invoiceId: ['invoiceid', optId],
  refundId: ['refundid', optId],
}) satisfies Decode<Transaction>;

export const contact = record({
  id: ['id', id],
  userId: ['userid', optId],
  firstName: ['firstname', text],
  lastName: ['lastname', text],
  companyName: ['companyname', text],
  email: ['email', text],
  address1: ['address1', text],
  address2: ['address2', text],
  city: ['city', text],
  state: ['state', text],
  postcode: ['postcode', text],
  country: ['country', text],
  phoneNumber: ['phonenumber', text],
  subaccount: ['subaccount', flag],
  permissions: ['permissions', text],
  domainEmails: ['domainemails', flag],
  generalEmails: ['generalemails', flag],
  invoiceEmails: ['invoiceemails', flag],
  productEmails: ['productemails', flag],
  supportEmails: ['supportemails', flag],
  affiliateEmails: ['affiliateemails', flag],
  createdAt: ['created_at', dateTime],
  updatedAt: ['updated_at', dateTime],
}) satisfies Decode<Contact>;

export const announcement = record({
  id: ['id', id],
  date: ['date', dateTime],
  title: ['title', text],
  announcement: ['announcement', text],
  published: ['published', flag],
  parentId: ['parentid', optId],
  language: ['language', text],
  createdAt: ['created_at', dateTime],
  updatedAt: ['updated_at', dateTime],
}) satisfies Decode<Announcement>;

export const department = record({
  id: ['id', id],
  name: ['name', text],
  awaitingReply: ['awaitingreply', count],
  openTickets: ['opentickets', count],
}) satisfies Decode<Department>;

// A ticket's access code (`c`) is read only where it is needed: see ListedTicket.
const TICKET_FIELDS = {
  id: ['id', id],
  tid: ['tid', text],
  deptId: ['deptid', optId],
  userId: ['userid', optId],
  name: ['name', text],
  email: ['email', text],
  cc: ['cc', text],
  date: ['date', dateTime],
  subject: ['subject', text],
  status: ['status', text],
  priority: ['priority', text],
  admin: ['admin', text],
  attachment: ['attachment', text],
  lastReply: ['lastreply', dateTime],
  flag: ['flag', flag],
  service: ['service', text],
} as const;

export const ticket = record(TICKET_FIELDS) satisfies Decode<Ticket>;
export const listedTicket = record({ ...TICKET_FIELDS, c: ['c', text] }) satisfies Decode<ListedTicket>;

/** `userid` may be missing where only `id` is sent (both name the client); decodeClientDetails falls back. */
export const clientDetails = record({
  userId: ['userid', optId],
  id: ['id', id],
  uuid: ['uuid', text],
  firstName: ['firstname', text],
  lastName: ['lastname', text],
  fullName: ['fullname', text],
  companyName: ['companyname', text],
  email: ['email', text],
  address1: ['address1', text],
  address2: ['address2', text],
  city: ['city', text],
  fullState: ['fullstate', text],
  state: ['state', text],
  postcode: ['postcode', text],
  countryCode: ['countrycode', text],
  country: ['country', text],
  countryName: ['countryname', text],
  stateCode: ['statecode', text],
  phoneNumber: ['phonenumber', text],
  phoneCc: ['phonecc', text],
  phoneNumberFormatted: ['phonenumberformatted', text],
  billingCid: ['billingcid', optId],
  notes: ['notes', text],
  twoFaEnabled: ['twofaenabled', flag],
  currency: ['currency', optInt],
  currencyCode: ['currency_code', text],
  defaultGateway: ['defaultgateway', text],
  groupId: ['groupid', optId],
  status: ['status', text],
  credit: ['credit', money],
  taxExempt: ['taxexempt', flag],
  lateFeeOverride: ['latefeeoveride', flag],
  overrideDueNotices: ['overideduenotices', flag],
  separateInvoices: ['separateinvoices', flag],
  disableAutoCc: ['disableautocc', flag],
  emailOptOut: ['emailoptout', flag],
  marketingEmailsOptIn: ['marketing_emails_opt_in', flag],
  overrideAutoClose: ['overrideautoclose', flag],
  allowSingleSignOn: ['allowSingleSignOn', flag],
  language: ['language', text],
  lastLogin: ['lastlogin', text],
}) satisfies Decode<Omit<ClientDetails, 'userId'> & { userId: number | null }>;

export const clientStats = record({
  numDueInvoices: ['numdueinvoices', count],
  dueInvoicesBalance: ['dueinvoicesbalance', formattedMoney],
  income: ['income', formattedMoney],
  inCredit: ['incredit', flag],
  creditBalance: ['creditbalance', formattedMoney],
  numOverdueInvoices: ['numoverdueinvoices', count],
  overdueInvoicesBalance: ['overdueinvoicesbalance', formattedMoney],
  numDraftInvoices: ['numDraftInvoices', count],
  draftInvoicesBalance: ['draftInvoicesBalance', formattedMoney],
  numPaidInvoices: ['numpaidinvoices', count],
  paidInvoicesAmount: ['paidinvoicesamount', formattedMoney],
  numUnpaidInvoices: ['numunpaidinvoices', count],
  unpaidInvoicesAmount: ['unpaidinvoicesamount', formattedMoney],
  numCancelledInvoices: ['numcancelledinvoices', count],
  cancelledInvoicesAmount: ['cancelledinvoicesamount', formattedMoney],
  numRefundedInvoices: ['numrefundedinvoices', count],
  refundedInvoicesAmount: ['refundedinvoicesamount', formattedMoney],
  numCollectionsInvoices: ['numcollectionsinvoices', count],
  collectionsInvoicesAmount: ['collectionsinvoicesamount', formattedMoney],
  productsNumActiveHosting: ['productsnumactivehosting', count],
  productsNumHosting: ['productsnumhosting', count],
  productsNumActiveReseller: ['productsnumactivereseller', count],
  productsNumReseller: ['productsnumreseller', count],
  productsNumActiveServers: ['productsnumactiveservers', count],
  productsNumServers: ['productsnumservers', count],
  productsNumActiveOther: ['productsnumactiveother', count],
  productsNumOther: ['productsnumother', count],
  productsNumActive: ['productsnumactive', count],
  productsNumTotal: ['productsnumtotal', count],
  numActiveDomains: ['numactivedomains', count],
  numDomains: ['numdomains', count],
  numAcceptedQuotes: ['numacceptedquotes', count],
  numQuotes: ['numquotes', count],
  numTickets: ['numtickets', count],
  numActiveTickets: ['numactivetickets', count],
  numAffiliateSignups: ['numaffiliatesignups', count],
  isAffiliate: ['isAffiliate', flag],
}) satisfies Decode<ClientStats>;

const catalogueCustomField = record({ id: ['id', id], name: ['name', text] }) satisfies Decode<CatalogueCustomField>;

export const catalogueProduct = record({
  pid: ['pid', id],
  gid: ['gid', optId],
  name: ['name', text],
  description: ['description', text],
  type: ['type', text],
  payType: ['paytype', text],
  pricing: ['pricing', pricing],
  // Nested (customfields.customfield[]) or folded from the flattened form; none sent is none.
  customFields: ['customfields', nestedList('customfield', catalogueCustomField)],
}) satisfies Decode<CatalogueProduct>;

export const productAddon = record({
  id: ['id', id],
  name: ['name', text],
  description: ['description', text],
  billingCycle: ['billingcycle', text],
  pricing: ['pricing', pricing],
}) satisfies Decode<ProductAddon>;

const configOptionChoice = record({ id: ['id', id], name: ['name', text], price: ['price', money] });

export const configOption = record({
  id: ['id', id],
  name: ['name', text],
  type: ['type', text],
  choices: ['options', nestedList('option', configOptionChoice)],
}) satisfies Decode<ConfigOption>;
