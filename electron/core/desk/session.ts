/** session.info: which account is open, where secrets live, and whether the provider is reachable. */
import type { SessionInfo } from '../../../shared/contract.js';
import type { HandlersOf } from './handlers.js';
import type { DeskState } from './state.js';

export function sessionHandlers(state: DeskState): HandlersOf<'session'> {
  return { 'session.info': () => sessionInfo(state) };
}

export function sessionInfo(state: DeskState): SessionInfo {
  const { vault } = state.options;
  return {
    account: state.session?.config.name ?? null,
    vault: { kind: vault.kind, cause: vault.cause },
    connectivity: state.session?.connectivity.state ?? 'offline',
    connection: state.session?.connectivity.status ?? { state: 'offline', reason: null, lastSuccessAt: null },
    signedOutReason: signedOutReason(state),
  };
}

export function signedOutReason(state: DeskState): string | null {
  const status = state.session?.client.session.status;
  return status?.state === 'signed_out' ? status.reason : null;
}
