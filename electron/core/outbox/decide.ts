/**
 * Decide per field (issue 34): an entry's params, the base it was made on and what the provider holds now →
 * what goes, what waits for the person. Each kind's rules are its engine definition's `freshness`
 * (mutations/*-freshness.ts); an entry with no base, or of a kind with none, goes as it is.
 */
import type { EntryBase } from '../../../shared/outbox/conflict.js';
import type { MutationKind } from '../../../shared/outbox/kinds.js';
import type { Decision } from './mutations/freshness.js';
import { engineOf } from './mutations/index.js';
import type { ProviderState } from './provider-state.js';
import type { StoredParams } from './references.js';

export function decide(kind: MutationKind, params: StoredParams, base: EntryBase | null, now: ProviderState): Decision {
  const rule = engineOf(kind).freshness;
  return base === null || rule === undefined ? { go: 'send', params } : rule.decide(params, base, now);
}
