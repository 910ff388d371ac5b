/**
 * Which of a sync's later resources a failure makes pointless to try. Judged per operation: a refused
 * connection or an unknown host means that base URL is unreachable (the resources it publishes are skipped,
 * the other base URL's still tried); a timeout or a reset is that operation's trouble only, unless the next
 * operation on the same base URL gets no reply either; a 401 on one operation after a successful renewal is
 * that operation's refusal, while a refused sign-in (or a sign-in that failed for a transient reason) stops the
 * rest, which would fail the same way.
 */
import { ApiError } from '../api/errors.js';
import { OPERATIONS, type OperationName } from '../api/operations.js';
import type { SyncedResource } from '../mirror/index.js';

type Host = 'base' | 'alt';

/** The operation each resource is read with first (its host is the resource's). */
export const RESOURCE_OPERATION: Record<SyncedResource, OperationName> = {
  client: 'get-clients-details',
  departments: 'get-support-departments',
  tickets: 'get-tickets',
  services: 'get-clients-products',
  domains: 'get-clients-domains',
  orders: 'get-orders',
  transactions: 'get-transactions',
  contacts: 'get-contacts',
  announcements: 'get-announcements',
  catalogue: 'get-products',
};

function hostOf(resource: SyncedResource): Host {
  return OPERATIONS[RESOURCE_OPERATION[resource]].host;
}

interface Skip {
  hosts: readonly Host[];
  reason: string;
}

const ALL: readonly Host[] = ['base', 'alt'];

/** Operations in a row on one base URL that got no reply before it counts as unreachable. */
const SILENT_IN_A_ROW = 2;

/** What one sync has learned of the provider's two base URLs. */
export class HostJudgement {
  private readonly skipped = new Map<Host, string>();
  private readonly silent = new Map<Host, number>();

  /** Why `resource` is not to be attempted; null: attempt it. */
  skipReason(resource: SyncedResource): string | null {
    return this.skipped.get(hostOf(resource)) ?? null;
  }

  /** A resource was read: its base URL answers. */
  answered(resource: SyncedResource): void {
    this.silent.delete(hostOf(resource));
  }

  /** A resource's read failed with `error`. */
  failed(resource: SyncedResource, error: unknown): void {
    const host = hostOf(resource);
    const skip = skipAfter(error);
    if (skip === null && error instanceof ApiError && error.kind === 'network') {
      const silent = (this.silent.get(host) ?? 0) + 1;
      this.silent.set(host, silent);
      if (silent >= SILENT_IN_A_ROW) this.skipped.set(host, `not attempted: the provider's ${urlName(host)} did not answer ${silent} operations in a row`);
    }
    for (const skipped of skip?.hosts ?? []) this.skipped.set(skipped, skip!.reason);
  }
}

function urlName(host: Host): string {
  return host === 'alt' ? 'alt base URL' : 'base URL';
}

/** What a resource's failure skips of the rest; null: go on with every other resource. */
function skipAfter(error: unknown): Skip | null {
  if (!(error instanceof ApiError)) return null;
  const signIn = error.operation === 'token';
  if (error.kind === 'auth') return error.unauthorized && !signIn ? null : { hosts: ALL, reason: 'not attempted: signed out' };
  if (signIn && error.transient) return { hosts: ALL, reason: `not attempted: sign-in failed (${error.message})` };
  if (error.kind !== 'network' || !error.neverConnected) return null;
  const host = OPERATIONS[error.operation as OperationName]?.host ?? 'base';
  return { hosts: [host], reason: `not attempted: the provider's ${urlName(host)} is unreachable` };
}
