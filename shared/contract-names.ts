/**
 * The contract's names alone, without its schemas: what the preload checks before anything reaches IPC. The
 * sandboxed preload can load no package (zod included), so it imports only this file and shared/bridge.ts;
 * shared/contract.ts proves at compile time that these lists are exactly its procedures and events.
 */
export const PROCEDURE_NAMES = [
  'session.info',
  'accounts.list',
  'accounts.add',
  'accounts.test',
  'accounts.select',
  'accounts.edit',
  'accounts.signIn',
  'accounts.signOut',
  'accounts.remove',
  'accounts.demo',
  'sync.run',
  'sync.cancel',
  'sync.status',
  'sync.history',
  'data.list',
  'data.get',
  'data.ids',
  'data.search',
  'data.counts',
  'data.client',
  'data.facets',
  'data.export',
  'data.dashboard',
  'print.savePdf',
  'catalogue.refreshGroup',
  'catalogue.groups',
  'billing.summary',
  'billing.orderPayments',
  'outbox.enqueue',
  'outbox.enqueueAll',
  'contacts.bulkUpdate',
  'contacts.bulkPreview',
  'contacts.importPreview',
  'contacts.import',
  'contacts.bulkPlan',
  'contacts.bulkEdit',
  'outbox.list',
  'outbox.page',
  'outbox.counts',
  'outbox.retry',
  'outbox.edit',
  'outbox.discard',
  'outbox.resolve',
  'outbox.markApplied',
  'outbox.recover',
  'domains.whois',
  'domains.whoisInfo',
  'domains.recent',
  'domains.epp',
  'domains.renewalPlan',
  'domains.renew',
  'billing.paymentMethods',
  'drafts.get',
  'drafts.base',
  'drafts.save',
  'drafts.clear',
  'settings.get',
  'settings.set',
  'settings.logo',
  'settings.setLogo',
  'announcements.image',
  'app.reportError',
] as const;

export const EVENT_NAMES = [
  'sync.progress',
  'sync.summary',
  'connectivity',
  'outbox.changed',
  'data.changed',
  'accounts.changed',
  'settings.changed',
  'provider.retry',
  'app.command',
] as const;

export type ProcedureName = (typeof PROCEDURE_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

const PROCEDURE_SET: ReadonlySet<string> = new Set(PROCEDURE_NAMES);
const EVENT_SET: ReadonlySet<string> = new Set(EVENT_NAMES);

export function isProcedureName(name: unknown): name is ProcedureName {
  return typeof name === 'string' && PROCEDURE_SET.has(name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && EVENT_SET.has(name);
}
