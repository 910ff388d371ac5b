/**
 * outbox.recover: the user's word to carry on with what can be read of an account's outbox (issue 24.2/24.3).
 * The account is closed for it when open, and opened again after.
 */
import type { OutboxRecovery } from '../../../shared/contract.js';
import { accountPaths } from '../data-dir.js';
import { DeskError } from '../desk-error.js';
import { checkOutboxFile, OutboxFileError, recoverOutbox, type OutboxRecord } from '../storage/outbox-file.js';
import { closeSessionOf, openAccount } from './open-account.js';
import type { DeskState } from './state.js';

export async function recoverAccountOutbox(state: DeskState, account: string): Promise<OutboxRecovery> {
  const config = state.accounts.get(account);
  const file = accountPaths(state.options.dataDir, account).outbox;
  // Recovery is for an outbox that cannot be opened as it is: a healthy one is left alone, not renamed as damaged.
  if (isHealthy(file, account, state.accounts.outboxRecord(account))) {
    throw new DeskError('refused', `The outbox of "${account}" is not damaged: there is nothing to recover, and nothing was changed.`);
  }
  const wasCurrent = state.session?.config.name === account || state.failed?.name === account;
  await closeSessionOf(state, account);
  const report = recoverOutbox(file, account, state.accounts);
  if (state.failed?.name === account) state.failed = null;
  if (wasCurrent) await openAccount(state, config, false);
  return report;
}

/** Whether the outbox file opens as it is (what opening the account checks), so that there is nothing to recover. */
function isHealthy(file: string, account: string, record: OutboxRecord | null): boolean {
  try {
    checkOutboxFile(file, account, record);
    return true;
  } catch (error) {
    if (error instanceof OutboxFileError) return false;
    throw error;
  }
}
