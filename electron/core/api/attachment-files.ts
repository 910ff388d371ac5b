import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AttachmentBytes } from './encoders.js';

/** A ticket attachment given as bytes, or as a file to read (named after the file unless a name is given). */
export type AttachmentSource = AttachmentBytes | { path: string; name?: string };

export async function loadAttachments(sources: readonly AttachmentSource[]): Promise<AttachmentBytes[]> {
  return Promise.all(
    sources.map(async (source) =>
      'path' in source ? { name: source.name ?? basename(source.path), data: await readFile(source.path) } : source,
    ),
  );
}
