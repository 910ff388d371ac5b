/**
 * Ticket attachments are copied into the outbox database when queued, so a queued ticket survives a restart.
 * They arrive as bytes (checked by the outbox's schema: size, count, type); the engine never opens a path it
 * is handed by a front end.
 */
import type { AttachmentInput } from '../../../shared/outbox/schemas.js';

/** New bytes to store, or an attachment the entry already stores (kept as it is). */
export type PreparedAttachment = { name: string; data: Uint8Array } | { attachmentId: number };

export function prepareAttachments(list: readonly AttachmentInput[]): PreparedAttachment[] {
  return list.map((item) => ('attachmentId' in item ? { attachmentId: item.attachmentId } : { name: item.name, data: item.data }));
}
