/**
 * Which of a sync's later resources a failure makes pointless to try. Judged per operation: a refused
 * connection or an unknown host means that base URL is unreachable (the resources it publishes are skipped,
 * the other base URL's still tried); a timeout or a reset is that operation's trouble only, unless the next
 * operation on the same base URL gets no reply either (and two resources in a row that fail as a failing
 * provider's do, on either URL, end the run's reading); a 401 on one operation after a successful renewal is
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

/**
 * Resources in a row that failed as a failing provider's do before the rest of the run is not attempted: each
 * would only fail the same way after its retries, and meanwhile the top bar would say a sync is at work. The
 * scheduler's probes take over; a provider with one broken operation still has its other resources read.
 */
const FAILING_IN_A_ROW = 2;

/** What one sync has learned of the provider's two base URLs. */
export class HostJudgement {
  private readonly skipped = new Map<Host, string>();
  private readonly silent = new Map<Host, number>();
  /** Resources in a row, on either base URL, whose read failed as a failing provider's do (no reply, 5xx, unreadable). */
  private failingInARow = 0;

  /** Why `resource` is not to be attempted; null: attempt it. */
  skipReason(resource: SyncedResource): string | null {
    const skipped = this.skipped.get(hostOf(resource));
    if (skipped !== undefined) return skipped;
    return this.failingInARow >= FAILING_IN_A_ROW ? `not attempted: the provider failed ${this.failingInARow} operations in a row` : null;
  }

  /** A resource was read: its base URL answers. */
  answered(resource: SyncedResource): void {
    this.silent.delete(hostOf(resource));
    this.failingInARow = 0;
  }

  /** A resource's read failed with `error`. */
  failed(resource: SyncedResource, error: unknown): void {
    const host = hostOf(resource);
    if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'server' || error.kind === 'protocol')) this.failingInARow++;
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
