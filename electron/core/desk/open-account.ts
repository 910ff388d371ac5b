/** Opening an account's session (its events forwarded as the contract's), and the bundled demo provider's. */
import type { AccountConfig } from '../../../shared/accounts.js';
import { OUTBOX_EVENT_ENTRIES, type EventPayloads } from '../../../shared/contract.js';
import type { OutboxEntry } from '../../../shared/outbox/entry.js';
import { RESOURCE_NAMES } from '../../../shared/records.js';
import type { SyncSummary } from '../../../shared/sync.js';
import { AccountSession } from '../account-session.js';
import { CLIENT_SECRET_SECRET, PASSWORD_SECRET, PROXY_PASSWORD_SECRET } from '../api/index.js';
import { DeskError, toDeskError } from '../desk-error.js';
import { changedResources, maskedEntry } from '../outbox/index.js';
import { AtRestCipher } from '../vault/index.js';
import { emitAccounts } from './account-summaries.js';
import { withRecords } from './entry-records.js';
import { DEMO_ACCOUNT } from './options.js';
import { OutboxFileError } from '../storage/outbox-file.js';
import { signedOutReason } from './session.js';
import type { DeskState } from './state.js';

export async function openAccount(state: DeskState, config: AccountConfig, remember = true): Promise<AccountSession> {
  if (state.session?.config.name === config.name) return state.session;
  if (config.demo && !state.demo) return openDemo(state, remember);
  await state.session?.dispose();
  state.session = null;
  const { options } = state;
  let session: AccountSession;
  try {
    session = new AccountSession(config, {
      dataDir: options.dataDir,
      vault: options.vault,
      cipher: await AtRestCipher.forAccount(options.vault, config.name),
      syncIntervalMinutes: state.settings.get().syncIntervalMinutes,
      syncDeadlineMs: options.syncDeadlineMs ?? state.settings.get().syncDeadlineMinutes * 60_000,
      background: state.background,
      client: state.clientOptions(config, config.proxyUser === '' ? null : await options.vault.get(config.name, PROXY_PASSWORD_SECRET)),
      clock: state.clock,
      timers: options.timers,
      ledger: state.accounts,
      log: (line) => state.log(line),
    });
  } catch (error) {
    // The account stays current, failed: the others open, and its own calls say why it cannot.
    const outboxDamage = error instanceof OutboxFileError ? error.damage : null;
    state.failed = { name: config.name, error: toDeskError(error, 'accounts.select', options.dataDir, (line, level) => state.log(line, level)), outboxDamage };
    if (remember) state.accounts.current = config.name;
    emitAccounts(state);
    throw state.failed.error;
  }
  state.failed = null;
  state.session = session;
  if (remember) state.accounts.current = config.name;
  // Listening until the session is disposed: a closed or switched-away account leaves no listener behind.
  session.listen('sync.progress', (p) => state.emit('sync.progress', p));
  session.listen('sync.summary', (s) => {
    state.log(syncLine(config.name, s), s.outcome === 'ok' || s.outcome === 'cancelled' ? 'info' : 'warn');
    state.emit('sync.summary', s);
    const changed = s.resources.filter((r) => r.added + r.changed + r.removed > 0).map((r) => r.resource);
    if (changed.length > 0) state.emit('data.changed', { resources: changed });
  });
  session.listen('connectivity', ({ state: now, reason, lastSuccessAt }) =>
    state.emit('connectivity', { connection: { state: now, reason, lastSuccessAt }, signedOutReason: signedOutReason(state) }),
  );
  // One outbox.changed and one data.changed per write, however many entries it made or changed (a bulk edit of
  // 2,000 is one event, not 2,000 each naming its record and making every open list read again).
  session.listen('outbox.entries', (entries) => {
    state.emit('outbox.changed', outboxChanged(session, entries));
    const resources = new Set(entries.flatMap((entry) => changedResources(entry.kind)));
    if (resources.size > 0) state.emit('data.changed', { resources: [...resources] });
  });
  emitAccounts(state);
  // Another account's mirror: to every open view, all of its rows changed.
  state.emit('data.changed', { resources: [...RESOURCE_NAMES] });
  session.start();
  return session;
}

/** A sync run in the log: its outcome, what changed, and each resource that failed with why. */
function syncLine(account: string, s: SyncSummary): string {
  const changes = s.resources.reduce((sum, r) => sum + r.added + r.changed + r.removed, 0);
  const failed = s.resources.filter((r) => r.error !== null).map((r) => `${r.resource}: ${r.error}`);
  const ms = Date.parse(s.finishedAt) - Date.parse(s.startedAt);
  return `sync ${s.runId} of "${account}" (${s.trigger}): ${s.outcome}, ${changes} change(s) in ${ms} ms${failed.length > 0 ? `; ${failed.join('; ')}` : ''}`;
}

/** Starts the bundled sandbox provider (its state kept in the data folder) and opens its demo account. */
export async function openDemo(state: DeskState, remember = true): Promise<AccountSession> {
  const { startDemoProvider, dataDir, vault } = state.options;
  if (!startDemoProvider) throw new DeskError('refused', 'This app was started without the demo provider.');
  const demo = (state.demo ??= await startDemoProvider(dataDir));
  const config: AccountConfig = {
    name: DEMO_ACCOUNT,
    baseUrl: demo.baseUrl,
    altBaseUrl: demo.altBaseUrl,
    service: 'svc',
    clientId: demo.clientId,
    username: demo.username,
    demo: true,
    insecureHttp: false,
    caFile: '',
    proxyUser: '',
  };
  await vault.set(DEMO_ACCOUNT, CLIENT_SECRET_SECRET, demo.clientSecret);
  await vault.set(DEMO_ACCOUNT, PASSWORD_SECRET, demo.password);
  // The sandbox listens on new ports each start.
  if (state.accounts.has(DEMO_ACCOUNT)) state.accounts.update(config);
  else state.accounts.add(config);
  // A demo session open on the old ports is reopened; another account's is closed by openAccount.
  await closeSessionOf(state, DEMO_ACCOUNT);
  return openAccount(state, config, remember);
}

/** Closes the open session if it is the named account's. */
export async function closeSessionOf(state: DeskState, name: string): Promise<void> {
  if (state.session?.config.name !== name) return;
  await state.session.dispose();
  state.session = null;
}

/**
 * What a write to the outbox tells the views: the counts after it, the kinds it touched, and its entries named
 * as the lists name them, masked (the session saw them whole: it keeps an EPP code it got). A large write (a
 * batch queued, a wake-up) leaves out its entries that are simply queued: nothing listens for those one by one,
 * and a screen of the queue reads the window it shows again (outbox.page).
 */
function outboxChanged(session: AccountSession, written: readonly OutboxEntry[]): EventPayloads['outbox.changed'] {
  const told = written.length > OUTBOX_EVENT_ENTRIES ? written.filter((entry) => entry.state !== 'queued') : written;
  return {
    entries: withRecords(session, told.map(maskedEntry)),
    changed: written.length,
    kinds: [...new Set(written.map((entry) => entry.kind))],
    counts: session.outbox.counts(),
  };
}
