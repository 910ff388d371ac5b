/** Picked files as the outbox takes them: name, type and bytes (base64), never a path. */
import type { PickedFile } from './AttachmentPicker.vue';

export function attachmentParams(files: readonly PickedFile[]) {
  return files.length === 0 ? {} : { attachments: files.map(({ name, type, data }) => ({ name, ...(type ? { type } : {}), data })) };
}
