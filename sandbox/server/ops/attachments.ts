/**
 * The `attachments` parameter of open-ticket and add-ticket-reply, decoded into files.
 *
 * Accepted forms (one or several `attachments`/`attachments[]` values, mixed freely):
 * - base64 of a JSON array of `{name, data}` objects, data being base64 of the file (`filename` is accepted in
 *   place of `name`, as some upstream examples spell it);
 * - form fields `attachments[0][name]=..&attachments[0][data]=..` with the same meaning;
 * - uploaded multipart files (the direct file-upload structure).
 * A file name must be non-empty and free of path separators and '|' (the ticket list joins names with '|').
 */
import { Rejection, type FormValue, type Params } from '../operation.js';
import { isFile, listValues } from '../params.js';
import { decodeBase64 } from '../php.js';

export interface Attachment {
  filename: string;
  data: Buffer;
}

const BAD_NAME = /[/\\|\0]/;

function checkedName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '' || BAD_NAME.test(name) || name === '.' || name === '..') {
    throw new Rejection(`Invalid attachments: bad file name ${JSON.stringify(name ?? null)}`);
  }
  return name;
}

function fromDescriptor(entry: unknown): Attachment {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw new Rejection('Invalid attachments: each attachment must be an object with name and data');
  }
  const { name, filename, data } = entry as Record<string, unknown>;
  const file = checkedName(name ?? filename);
  const bytes = typeof data === 'string' ? (data === '' ? Buffer.alloc(0) : decodeBase64(data)) : undefined;
  if (!bytes) throw new Rejection(`Invalid attachments: data of ${file} is not base64`);
  return { filename: file, data: bytes };
}

function fromEncodedList(text: string): Attachment[] {
  let list: unknown;
  try {
    list = JSON.parse(decodeBase64(text)?.toString('utf8') ?? '');
  } catch {
    throw new Rejection('Invalid attachments: expected base64 of a JSON array');
  }
  if (!Array.isArray(list)) throw new Rejection('Invalid attachments: expected base64 of a JSON array');
  return list.map(fromDescriptor);
}

function fromValue(value: FormValue): Attachment[] {
  if (isFile(value)) return [{ filename: checkedName(value.filename), data: value.data }];
  if (typeof value === 'string') return fromEncodedList(value);
  return [fromDescriptor(value)];
}

export function readAttachments(params: Params): Attachment[] {
  return listValues(params, 'attachments')
    .filter((value) => value !== '')
    .flatMap(fromValue);
}
