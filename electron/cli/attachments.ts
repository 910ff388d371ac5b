/**
 * A queued ticket's or reply's attachments named by path (`{"path": "./log.txt"}`), read here from the user's
 * own shell: only regular files, each sized before it is read (the limits the engine checks again), sent on
 * as {name, data} like any front end's.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { attachmentSizeProblem } from '../../shared/outbox/attachments.js';
import { UsageError } from './args.js';
import { regularFileSize } from './files.js';

export function readAttachmentPaths(params: unknown): unknown {
  if (typeof params !== 'object' || params === null || !Array.isArray((params as { attachments?: unknown }).attachments)) return params;
  const list = (params as { attachments: unknown[] }).attachments;
  return { ...params, attachments: list.map((item, i) => (isPathItem(item) ? readOne(item.path, i) : item)) };
}

function isPathItem(item: unknown): item is { path: string } {
  return typeof item === 'object' && item !== null && typeof (item as { path?: unknown }).path === 'string' && Object.keys(item).length === 1;
}

function readOne(path: string, index: number): { name: string; data: Uint8Array } {
  const where = `attachments[${index}] ${path}`;
  const problem = attachmentSizeProblem(regularFileSize(path, where, 'queue'));
  if (problem) throw new UsageError(`${where} ${problem}`, 'queue');
  return { name: basename(path), data: new Uint8Array(readFileSync(path)) };
}
