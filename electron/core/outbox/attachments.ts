/**
 * Ticket attachments are copied into the outbox database when queued, so a queued ticket survives a restart.
 * They arrive as bytes (checked by the outbox's schema: size, count, type); the engine never opens a path it
 * is handed by a front end.
 */
import type { AttachmentBytes } from '../api/encoders.js';
import type { AttachmentInput, StoredAttachment } from '../../../shared/outbox/schemas.js';

/** New bytes to store, or an attachment the entry already stores (kept as it is). */
export type PreparedAttachment = { name: string; data: Uint8Array } | { attachmentId: number };

export function prepareAttachments(list: readonly AttachmentInput[]): PreparedAttachment[] {
  return list.map((item) => ('attachmentId' in item ? { attachmentId: item.attachmentId } : { name: item.name, data: item.data }));
}

/** A queued message's attachments with their bytes, as the client sends them. */
export function attachmentsToSend(list: readonly StoredAttachment[] | undefined, stored: ReadonlyMap<number, Uint8Array>): AttachmentBytes[] | undefined {
  return list?.map((attachment) => {
    const data = stored.get(attachment.attachmentId);
    if (!data) throw new Error(`attachment ${attachment.attachmentId} (${attachment.name}) is missing from the outbox`);
    return { name: attachment.name, data };
  });
}
