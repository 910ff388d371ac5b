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
  ConfigOptionChoice,
  Contact,
  Department,
  DepartmentCustomField,
  Domain,
  ListedTicket,
  Order,
  ProductAddon,
  Service,
  Ticket,
  Transaction,
} from '../../../shared/models.js';
import { DecodeIssue, INVALID_INPUT, nestedList, record, type Decode } from './decoding.js';
import { count, date, dateTime, documentText, flag, formattedMoney, id, money, name, optId, optInt, optNumber, text } from './wire-values.js';

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
  name: ['name', name],
  translatedName: ['translated_name', name],
  groupName: ['groupname', name],
  translatedGroupName: ['translated_groupname', name],
  domain: ['domain', name],
  dedicatedIp: ['dedicatedip', name],
  serverId: ['serverid', optId],
  serverName: ['servername', name],
  serverIp: ['serverip', name],
  serverHostname: ['serverhostname', name],
  suspensionReason: ['suspensionreason', text],
  firstPaymentAmount: ['firstpaymentamount', money],
  recurringAmount: ['recurringamount', money],
  paymentMethod: ['paymentmethod', name],
  paymentMethodName: ['paymentmethodname', name],
  billingCycle: ['billingcycle', name],
  nextDueDate: ['nextduedate', date],
  status: ['status', name],
  username: ['username', name],
  subscriptionId: ['subscriptionid', text],
  promoId: ['promoid', optId],
  overrideAutoSuspend: ['overideautosuspend', flag],
  overrideSuspendUntil: ['overidesuspenduntil', date],
  ns1: ['ns1', name],
  ns2: ['ns2', name],
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
  regType: ['regtype', name],
  domainName: ['domainname', name],
  registrar: ['registrar', name],
  regPeriod: ['regperiod', optInt],
  firstPaymentAmount: ['firstpaymentamount', money],
  recurringAmount: ['recurringamount', money],
  paymentMethod: ['paymentmethod', name],
  paymentMethodName: ['paymentmethodname', name],
  regDate: ['regdate', date],
  expiryDate: ['expirydate', date],
  nextDueDate: ['nextduedate', date],
  status: ['status', name],
  subscriptionId: ['subscriptionid', text],
  promoId: ['promoid', optId],
  dnsManagement: ['dnsmanagement', flag],
  emailForwarding: ['emailforwarding', flag],
  idProtection: ['idprotection', flag],
  doNotRenew: ['donotrenew', flag],
  notes: ['notes', text],
}) satisfies Decode<Domain>;

const orderLineItem = record({
  type: ['type', name],
  relId: ['relid', optId],
  productType: ['producttype', name],
  product: ['product', name],
  domain: ['domain', name],
  billingCycle: ['billingcycle', name],
  amount: ['amount', formattedMoney],
  status: ['status', name],
});

export const order = record({
  id: ['id', id],
  orderNum: ['ordernum', name],
  userId: ['userid', optId],
  contactId: ['contactid', optId],
  date: ['date', dateTime],
  nameservers: ['nameservers', text],
  renewals: ['renewals', text],
  promoCode: ['promocode', name],
  promoType: ['promotype', name],
  promoValue: ['promovalue', name],
  orderData: ['orderdata', documentText],
  amount: ['amount', money],
  paymentMethod: ['paymentmethod', name],
  invoiceId: ['invoiceid', optId],
  status: ['status', name],
  ipAddress: ['ipaddress', name],
  fraudModule: ['fraudmodule', name],
  fraudOutput: ['fraudoutput', documentText],
  notes: ['notes', text],
  paymentMethodName: ['paymentmethodname', name],
  paymentStatus: ['paymentstatus', name],
  name: ['name', name],
  currencyPrefix: ['currencyprefix', name],
  currencySuffix: ['currencysuffix', name],
  fraudData: ['frauddata', documentText],
  lineItems: ['lineitems', nestedList('lineitem', orderLineItem)],
}) satisfies Decode<Order>;

export const transaction = record({
  id: ['id', id],
  userId: ['userid', optId],
  currency: ['currency', optInt],
  gateway: ['gateway', name],
  date: ['date', dateTime],
  description: ['description', text],
  amountIn: ['amountin', money],
  fees: ['fees', money],
  amountOut: ['amountout', money],
  rate: ['rate', text],
  transId: ['transid', name],
  invoiceId: ['invoiceid', optId],
  refundId: ['refundid', optId],
}) satisfies Decode<Transaction>;

export const contact = record({
  id: ['id', id],
  userId: ['userid', optId],
  firstName: ['firstname', name],
  lastName: ['lastname', name],
  companyName: ['companyname', name],
  email: ['email', name],
  address1: ['address1', name],
  address2: ['address2', name],
  city: ['city', name],
  state: ['state', name],
  postcode: ['postcode', name],
  country: ['country', name],
  phoneNumber: ['phonenumber', name],
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
  title: ['title', name],
  announcement: ['announcement', documentText],
  published: ['published', flag],
  parentId: ['parentid', optId],
  language: ['language', name],
  createdAt: ['created_at', dateTime],
  updatedAt: ['updated_at', dateTime],
}) satisfies Decode<Announcement>;

/** A dropdown's choices: comma-separated as the upstream system keeps them, or a list. */
function fieldOptions(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((option) => name(option).trim()).filter((option) => option !== '');
  return name(value).split(',').map((option) => option.trim()).filter((option) => option !== '');
}

const departmentCustomField = record({
  id: ['id', id],
  name: ['name', name],
  type: ['type', name],
  options: ['options', fieldOptions],
  // "1"/"0", or "on"/"" as the upstream system stores it.
  required: ['required', flag],
}) satisfies Decode<DepartmentCustomField>;

export const department = record({
  id: ['id', id],
  name: ['name', name],
  awaitingReply: ['awaitingreply', count],
  openTickets: ['opentickets', count],
  // Not in the spec's department record: none sent is none.
  customFields: ['customfields', nestedList('customfield', departmentCustomField)],
}) satisfies Decode<Department>;

// A ticket's access code (`c`) is read only where it is needed: see ListedTicket.
const TICKET_FIELDS = {
  id: ['id', id],
  tid: ['tid', name],
  deptId: ['deptid', optId],
  userId: ['userid', optId],
  name: ['name', name],
  email: ['email', name],
  cc: ['cc', text],
  date: ['date', dateTime],
  subject: ['subject', name],
  status: ['status', name],
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
  firstName: ['firstname', name],
  lastName: ['lastname', name],
  fullName: ['fullname', name],
  companyName: ['companyname', name],
  email: ['email', name],
  address1: ['address1', name],
  address2: ['address2', name],
  city: ['city', name],
  fullState: ['fullstate', text],
  state: ['state', name],
  postcode: ['postcode', name],
  countryCode: ['countrycode', text],
  country: ['country', name],
  countryName: ['countryname', text],
  stateCode: ['statecode', text],
  phoneNumber: ['phonenumber', name],
  phoneCc: ['phonecc', text],
  phoneNumberFormatted: ['phonenumberformatted', text],
  billingCid: ['billingcid', optId],
  notes: ['notes', text],
  twoFaEnabled: ['twofaenabled', flag],
  currency: ['currency', optInt],
  currencyCode: ['currency_code', text],
  defaultGateway: ['defaultgateway', text],
  groupId: ['groupid', optId],
  status: ['status', name],
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
  language: ['language', name],
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
  name: ['name', name],
  description: ['description', text],
  type: ['type', name],
  payType: ['paytype', text],
  pricing: ['pricing', pricing],
  // Nested (customfields.customfield[]) or folded from the flattened form; none sent is none.
  customFields: ['customfields', nestedList('customfield', catalogueCustomField)],
}) satisfies Decode<CatalogueProduct>;

export const productAddon = record({
  id: ['id', id],
  name: ['name', name],
  description: ['description', text],
  billingCycle: ['billingcycle', name],
  pricing: ['pricing', pricing],
}) satisfies Decode<ProductAddon>;

/** A choice: upstream prices it per cycle (`pricing`); a provider may send one flat, monthly `price` instead. */
const configOptionChoice = record({ id: ['id', id], name: ['name', name], price: ['price', money], pricing: ['pricing', pricing] }) satisfies Decode<ConfigOptionChoice>;

export const configOption = record({
  id: ['id', id],
  name: ['name', name],
  type: ['type', name],
  choices: ['options', nestedList('option', configOptionChoice)],
}) satisfies Decode<ConfigOption>;
