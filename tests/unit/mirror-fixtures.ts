/** Complete records for mirror tests, with the fields a test cares about overridable. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Announcement, ClientDetails, ClientDetailsResult, Contact, Domain, Order, Service, Ticket, Transaction } from '../../shared/models.js';
import { Mirror, type MirrorOptions } from '../../electron/core/mirror/index.js';

/** A fresh temp directory per call; `cleanup` removes it. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'mirror-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const TODAY = '2026-11-22';

export function openMirror(dir: string, options: MirrorOptions = {}): Mirror {
  return Mirror.open(join(dir, 'mirror.sqlite'), {
    now: () => new Date('2026-11-22T10:00:00Z'),
    today: () => TODAY,
    ...options,
  });
}

export function domain(id: number, fields: Partial<Domain> = {}): Domain {
  return {
    id, userId: 1, orderId: 1, regType: 'Register', domainName: `domain${id}.com`, registrar: 'enom', regPeriod: 1,
    firstPaymentAmount: '9.95', recurringAmount: '9.95', paymentMethod: 'mailin', paymentMethodName: 'Mail In',
    regDate: '2025-01-01', expiryDate: '2027-01-01', nextDueDate: '2026-12-01', status: 'Active', subscriptionId: '',
    promoId: null, dnsManagement: false, emailForwarding: false, idProtection: false, doNotRenew: false, notes: '',
    ...fields,
  };
}

export function service(id: number, fields: Partial<Service> = {}): Service {
  return {
    id, clientId: 1, orderId: 1, pid: 1, regDate: '2025-01-01', name: 'Starter Hosting', translatedName: 'Starter Hosting',
    groupName: 'Hosting', translatedGroupName: 'Hosting', domain: `site${id}.net`, dedicatedIp: '', serverId: 1,
    serverName: 'web1', serverIp: '10.0.0.1', serverHostname: 'web1.example', suspensionReason: '',
    firstPaymentAmount: '5.00', recurringAmount: '5.00', paymentMethod: 'mailin', paymentMethodName: 'Mail In',
    billingCycle: 'Monthly', nextDueDate: '2026-12-01', status: 'Active', username: `user${id}`, subscriptionId: '',
    promoId: null, overrideAutoSuspend: false, overrideSuspendUntil: null, ns1: '', ns2: '', assignedIps: '', notes: '',
    diskUsage: 0, diskLimit: 0, bwUsage: 0, bwLimit: 0, lastUpdate: null,
    customFields: [{ id: 1, name: 'Purpose', value: 'blog' }],
    configOptions: [{ id: 7, option: 'Disk', type: 'dropdown', value: '10 GB' }],
    ...fields,
  };
}

export function contact(id: number, fields: Partial<Contact> = {}): Contact {
  return {
    id, userId: 1, firstName: `First${id}`, lastName: `Last${id}`, companyName: '', email: `c${id}@mail.test`,
    address1: '', address2: '', city: '', state: '', postcode: '', country: 'US', phoneNumber: '', subaccount: false,
    permissions: '', domainEmails: false, generalEmails: false, invoiceEmails: false, productEmails: false,
    supportEmails: false, affiliateEmails: false, createdAt: '2025-01-01 00:00:00', updatedAt: '2025-01-01 00:00:00',
    ...fields,
  };
}

export function ticket(id: number, fields: Partial<Ticket> = {}): Ticket {
  return {
    id, tid: String(100000 + id), deptId: 1, userId: 1, name: 'Ada', email: 'ada@bakery.test', cc: '',
    date: '2026-11-01 10:00:00', subject: `Question ${id}`, status: 'Open', priority: 'Medium', admin: '',
    attachment: '', lastReply: '2026-11-01 10:00:00', flag: false, service: '',
    ...fields,
  };
}

export function order(id: number, fields: Partial<Order> = {}): Order {
  return {
    id, orderNum: String(4000000000 + id), userId: 1, contactId: null, date: '2026-10-01 09:00:00', nameservers: '',
    renewals: '', promoCode: '', promoType: '', promoValue: '', orderData: '', amount: '12.00',
    paymentMethod: 'mailin', invoiceId: 500 + id, status: 'Pending', ipAddress: '', fraudModule: '', fraudOutput: '',
    notes: '', paymentMethodName: 'Mail In', paymentStatus: 'Unpaid', name: 'Ada Baker', currencyPrefix: '$',
    currencySuffix: ' USD', fraudData: '',
    lineItems: [
      {
        type: 'domain', relId: id, productType: 'Domain Registration', product: 'Domain', domain: `order${id}.com`,
        billingCycle: '1 Year/s', amount: { amount: '12.00', currency: 'USD', text: '$12.00 USD' }, status: 'Pending',
      },
    ],
    ...fields,
  };
}

export function transaction(id: number, fields: Partial<Transaction> = {}): Transaction {
  return {
    id, userId: 1, currency: 0, gateway: 'mailin', date: '2026-10-01 09:00:00', description: `Invoice Payment #${id}`,
    amountIn: '10.00', fees: '0.00', amountOut: '0.00', rate: '1.00000', transId: `T${id}`, invoiceId: 500 + id,
    refundId: null,
    ...fields,
  };
}

export function announcement(id: number, fields: Partial<Announcement> = {}): Announcement {
  return {
    id, date: '2026-11-01 08:00:00', title: `News ${id}`, announcement: '<p>text</p>', published: true, parentId: null,
    language: '', createdAt: '2026-11-01 08:00:00', updatedAt: '2026-11-01 08:00:00',
    ...fields,
  };
}

/** The account's client record (its stats left out, as a sync without them would store it). */
export function clientRecord(fields: Partial<ClientDetails> = {}): ClientDetailsResult {
  return {
    client: {
      userId: 1, id: 1, uuid: 'c0ffee00-0000-4000-8000-000000000001', firstName: 'Ada', lastName: 'Reseller', fullName: '',
      companyName: '', email: 'ada@reseller.test', address1: '', address2: '', city: '', fullState: '', state: '', postcode: '',
      countryCode: 'IT', country: 'IT', countryName: 'Italy', stateCode: '', phoneNumber: '', phoneCc: '', phoneNumberFormatted: '',
      billingCid: null, notes: '', twoFaEnabled: false, currency: 1, currencyCode: 'EUR', defaultGateway: '', groupId: null,
      status: 'Active', credit: null, taxExempt: false, lateFeeOverride: false, overrideDueNotices: false, separateInvoices: false,
      disableAutoCc: false, emailOptOut: false, marketingEmailsOptIn: false, overrideAutoClose: false, allowSingleSignOn: false,
      language: '', lastLogin: '',
      ...fields,
    },
    stats: null,
  };
}
