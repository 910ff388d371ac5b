/** The stored accounts as the contract shows them (the open one marked current), and their change event. */
import type { AccountSummary } from '../../../shared/contract.js';
import { DeskError } from '../desk-error.js';
import type { DeskState } from './state.js';

export function accountSummaries(state: DeskState): AccountSummary[] {
  // An account that failed to open is still the current one: its commands say why they cannot run.
  const current = state.session?.config.name ?? state.failed?.name ?? null;
  const damaged = state.failed;
  return state.accounts.list().map((a) => ({ ...a, current: a.name === current, outboxDamage: damaged?.name === a.name ? damaged.outboxDamage : null }));
}

export function accountSummary(state: DeskState, name: string): AccountSummary {
  const summary = accountSummaries(state).find((a) => a.name === name);
  if (!summary) throw new DeskError('not_found', `No account named "${name}".`);
  return summary;
}

export function emitAccounts(state: DeskState): void {
  state.emit('accounts.changed', { accounts: accountSummaries(state), current: state.session?.config.name ?? state.failed?.name ?? null });
}
