/**
 * Ticket attachments are copied into the outbox database when queued, so a queued ticket survives a restart
 * even if the source files are moved or deleted.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { OutboxValidationError, type AttachmentInput } from '../../../shared/outbox/schemas.js';

/** New bytes to store, or an attachment the entry already stores (kept as it is). */
export type PreparedAttachment = { name: string; data: Uint8Array } | { attachmentId: number };

/** Reads files given by path; a file that cannot be read is a validation error naming the attachment. */
export async function prepareAttachments(kind: string, list: readonly AttachmentInput[]): Promise<PreparedAttachment[]> {
  return Promise.all(
    list.map(async (item, index): Promise<PreparedAttachment> => {
      if ('attachmentId' in item) return { attachmentId: item.attachmentId };
      if ('data' in item) return { name: item.name, data: item.data };
      try {
        return { name: item.name ?? basename(item.path), data: await readFile(item.path) };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new OutboxValidationError(kind, [{ field: `attachments[${index}]`, message: `cannot read ${item.path}: ${reason}` }]);
      }
    }),
  );
}
