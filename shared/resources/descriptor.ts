/**
 * The half of a resource's descriptor every front end may read (no node or electron imports): how a person
 * sees its records (shared/resource-fields.ts) and whether the outbox's queued edits show over them. The
 * engine adds its own half beside it (electron/core/resources).
 */
import type { ResourceName } from '../records.js';
import type { ColumnSpec, LinkTarget, ResourceView } from '../resource-fields.js';

export interface SharedResourceDescriptor<R extends ResourceName> {
  /** Its list screen and detail pane; none for the client's details (the dashboard shows them). */
  view: R extends LinkTarget ? ResourceView & { resource: R } : null;
  /** Whether lists and records show the outbox's pending edits laid over the mirror's rows. */
  overlaid: boolean;
}

/** A money column, 110 px unless told. */
export const moneyColumn = (field: string, extra: Partial<ColumnSpec> = {}) => ({ field, kind: 'money', width: 110, ...extra }) as const;
