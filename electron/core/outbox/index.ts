/**
 * The outbox: the user's queued edits (intent), kept in their own database, laid over the mirror for views,
 * and replayed against the provider so that nothing is lost and nothing is done twice.
 */
export type { EntryProblem, MutationResult, OutboxEntry, OutboxEntryOf, ResultMap } from '../../../shared/outbox/entry.js';
export { changedResources, isCreate, MUTATIONS, type CreateKind } from '../../../shared/outbox/definitions.js';
export { MUTATION_KINDS, type MutationKind } from '../../../shared/outbox/kinds.js';
export { isLocalId, type LocalId } from '../../../shared/outbox/local-ids.js';
export { mirrorBases, type BaseReads, type BaseSource } from './bases.js';
export { Outbox, openOutbox, type OutboxEvents, type OutboxOptions } from './outbox.js';
export { confirmedCreate, confirmedEdit, createdFields, isOverlayResource, marksByKey, overlay, queuedInvoice, type OverlayResource, type OverlayRowTypes } from './overlay.js';
export { Replayer, type ReplayerEvents, type ReplayerOptions, type RunReport } from './replayer.js';
export {
  OutboxValidationError,
  validateParams,
  type AnyMutationInput,
  type AttachmentInput,
  type Mutation,
  type MutationInput,
  type MutationParams,
  type StoredAttachment,
  type ValidationIssue,
} from '../../../shared/outbox/schemas.js';
export { maskedEntry, SECRET_MASK } from '../../../shared/outbox/secrets.js';
export type { OutboxClient } from './send.js';
export { ENTRY_STATES, OutboxError, PENDING_STATES, type EntryState } from '../../../shared/outbox/states.js';
export type { EntryFilter } from './store.js';
