/** How a sync judges the provider's reachability and sign-in from one operation's failure (issue 14, item 14). */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../electron/core/api/errors.js';
import type { SessionStatus } from '../../electron/core/api/session.js';
import { ConnectivityMonitor } from '../../electron/core/sync/connectivity.js';
import { HostJudgement } from '../../electron/core/sync/skipping.js';

const refused = (operation: string) => new ApiError({ kind: 'network', operation, code: 'ECONNREFUSED', message: 'refused' });
const timedOut = (operation: string) => new ApiError({ kind: 'network', operation, code: 'ECONNABORTED', message: 'timed out' });
const unauthorized = (operation: string) => new ApiError({ kind: 'auth', operation, status: 401, message: 'Unauthenticated.' });

describe('HostJudgement', () => {
  it('a refused connection skips the rest of that base URL only', () => {
    const hosts = new HostJudgement();
    hosts.failed('orders', refused('get-orders'));
    expect(hosts.skipReason('contacts')).toMatch(/base URL is unreachable/);
    expect(hosts.skipReason('transactions')).toBeNull();
  });

  it('one timeout skips nothing; two in a row on one base URL skip its rest; an answer between starts the count again', () => {
    const hosts = new HostJudgement();
    hosts.failed('orders', timedOut('get-orders'));
    expect(hosts.skipReason('contacts')).toBeNull();
    hosts.answered('contacts');
    hosts.failed('announcements', timedOut('get-announcements'));
    expect(hosts.skipReason('catalogue')).toBeNull();
    hosts.answered('transactions');
    expect(hosts.skipReason('tickets')).toBeNull();
    hosts.failed('catalogue', timedOut('get-products'));
    expect(hosts.skipReason('domains')).toMatch(/did not answer 2 operations in a row/);
    expect(hosts.skipReason('transactions')).toBeNull();
  });

  it('two resources in a row failing as a failing provider does, on either base URL, end the reading (issue 35.8)', () => {
    const hosts = new HostJudgement();
    const reset = (operation: string) => new ApiError({ kind: 'network', operation, code: 'ECONNRESET', message: 'socket hang up' });
    hosts.failed('client', reset('get-clients-details'));
    expect(hosts.skipReason('departments')).toBeNull();
    hosts.failed('departments', new ApiError({ kind: 'server', operation: 'get-support-departments', status: 500, message: 'error 500' }));
    for (const resource of ['tickets', 'transactions', 'catalogue'] as const) expect(hosts.skipReason(resource)).toBe('not attempted: the provider failed 2 operations in a row');
    // One broken operation on a provider that answers the rest does not stop the others.
    const oneBroken = new HostJudgement();
    oneBroken.failed('tickets', new ApiError({ kind: 'server', operation: 'get-tickets', status: 500, message: 'error 500' }));
    oneBroken.answered('services');
    oneBroken.failed('domains', new ApiError({ kind: 'server', operation: 'get-clients-domains', status: 500, message: 'error 500' }));
    expect(oneBroken.skipReason('orders')).toBeNull();
  });

  it('a 401 on one operation goes on; a refused or failed sign-in skips everything', () => {
    const hosts = new HostJudgement();
    hosts.failed('contacts', unauthorized('get-contacts'));
    expect(hosts.skipReason('announcements')).toBeNull();
    hosts.failed('announcements', new ApiError({ kind: 'server', operation: 'token', status: 503, message: 'down' }));
    expect(hosts.skipReason('catalogue')).toMatch(/sign-in failed/);
    expect(hosts.skipReason('transactions')).toMatch(/sign-in failed/);
    const signedOut = new HostJudgement();
    signedOut.failed('client', new ApiError({ kind: 'auth', operation: 'token', status: 400, code: 'invalid_grant', message: 'refused' }));
    expect(signedOut.skipReason('departments')).toBe('not attempted: signed out');
  });
});

describe('ConnectivityMonitor', () => {
  it('offline when a connection never opened or timed out; signed_out only for a refused sign-in; a 401 on one operation changes nothing', () => {
    const monitor = new ConnectivityMonitor();
    monitor.failed(unauthorized('get-contacts'));
    expect(monitor.state).toBe('online');
    monitor.failed(timedOut('get-orders'));
    expect(monitor.state).toBe('offline');
    monitor.succeeded();
    monitor.failed(refused('get-orders'));
    expect(monitor.state).toBe('offline');
    monitor.succeeded();
    monitor.failed(new ApiError({ kind: 'auth', operation: 'token', status: 401, code: 'invalid_client', message: 'refused' }));
    expect(monitor.state).toBe('signed_out');
  });

  it('tells a change of reason while down (resets, then HTTP 500s), not the same failure again (issue 35.8)', () => {
    const monitor = new ConnectivityMonitor();
    const changes: unknown[] = [];
    monitor.on('change', (change) => changes.push(change));
    const reset = new ApiError({ kind: 'network', operation: 'get-orders', code: 'ECONNRESET', message: 'socket hang up' });
    monitor.failed(reset);
    monitor.failed(new ApiError({ kind: 'network', operation: 'get-contacts', code: 'ECONNRESET', message: 'socket hang up again' }));
    monitor.failed(new ApiError({ kind: 'server', operation: 'get-orders', status: 500, message: 'error 500' }));
    expect(changes).toEqual([
      expect.objectContaining({ state: 'failing', previous: 'online', reason: expect.objectContaining({ code: 'ECONNRESET' }) }),
      expect.objectContaining({ state: 'failing', previous: 'failing', reason: expect.objectContaining({ kind: 'server', status: 500 }) }),
    ]);
  });

  it('signed out by the person stays signed out when a request sent before answers; signing in makes it online', () => {
    const session = new EventEmitter<{ state: [SessionStatus] }>();
    const monitor = new ConnectivityMonitor();
    monitor.watchSession(session);
    session.emit('state', { state: 'signed_in', reason: null });
    expect(monitor.state).toBe('online');
    session.emit('state', { state: 'signed_out', reason: 'signed out by the user' });
    monitor.succeeded(); // a sync's page that was on its way
    expect(monitor.state).toBe('signed_out');
    expect(monitor.status.lastSuccessAt).not.toBeNull();
    session.emit('state', { state: 'signed_in', reason: null });
    expect(monitor.state).toBe('online');
  });
});
