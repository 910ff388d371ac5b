/**
 * Request bodies → Params. Form fields arrive as multipart/form-data or x-www-form-urlencoded; their bracketed
 * names are folded the way PHP (the upstream billing system) folds them, so the sandbox accepts exactly the
 * field names the real provider accepts.
 */
import type { FastifyRequest } from 'fastify';
// For the types of request.isMultipart() and request.parts().
import type {} from '@fastify/multipart';
import type { FileValue, FormValue, Params } from './operation.js';

/** One form field in arrival order: its raw name (`pid[]`, `a[b][c]`) and its value. */
export type FormEntry = [name: string, value: string | FileValue];

/** Reads a request's form fields in arrival order; an empty body gives none. */
export async function readFormEntries(request: FastifyRequest): Promise<FormEntry[]> {
  if (request.isMultipart()) return readMultipart(request);
  // The urlencoded content-type parser (parseUrlencoded) leaves the entries as the body.
  return Array.isArray(request.body) ? (request.body as FormEntry[]) : [];
}

/** A body that cannot be parsed; the listeners answer it with HTTP 400. */
export class MalformedBodyError extends Error {
  readonly statusCode = 400;
}

async function readMultipart(request: FastifyRequest): Promise<FormEntry[]> {
  const entries: FormEntry[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') entries.push([part.fieldname, { filename: part.filename, data: await part.toBuffer() }]);
      else entries.push([part.fieldname, String(part.value)]);
    }
  } catch (e) {
    // The plugin's own errors (limits exceeded) carry a status; the parser's (a broken body) do not.
    if (typeof (e as { statusCode?: unknown }).statusCode === 'number') throw e;
    throw new MalformedBodyError(`Malformed multipart body: ${(e as Error).message}`);
  }
  return entries;
}

/** Parses an x-www-form-urlencoded body into entries, keeping their order and repeats. */
export function parseUrlencoded(body: string): FormEntry[] {
  return [...new URLSearchParams(body)];
}

/**
 * Folds bracketed field names into nested values:
 * - `name[]` repeated → array in arrival order; `name[0]`, `name[1]` → array in index order;
 * - `name[key]` → object; nesting works (`a[b][c]`, `a[0][x]`);
 * - a node whose keys are exactly 0..n-1 (in any arrival order) becomes an array; any other key, or a gap
 *   (`configoptions[0][12]=34`: option 12, not index 12), keeps it an object, as PHP keeps integer keys.
 * As in PHP, a later field with the same name replaces an earlier one (`a=1&a=2` gives `a: '2'`), and a name
 * that is not well formed (`a[b`, `[x]`) is kept as a literal key.
 */
export function foldFormEntries(entries: Iterable<FormEntry>): Params {
  const root = new FormNode();
  for (const [name, value] of entries) {
    const path = parseFieldName(name);
    let node = root;
    for (const segment of path.slice(0, -1)) node = node.child(segment);
    node.set(path[path.length - 1]!, value);
  }
  return root.toObject();
}

/** `a[b][]` → ['a', 'b', null]; null means "append". */
function parseFieldName(name: string): Array<string | null> {
  const open = name.indexOf('[');
  if (open <= 0) return [name];
  const segments: Array<string | null> = [name.slice(0, open)];
  const brackets = /\[([^\]]*)\]/y;
  brackets.lastIndex = open;
  let match: RegExpExecArray | null;
  while (brackets.lastIndex < name.length && (match = brackets.exec(name)) !== null) {
    segments.push(match[1] === '' ? null : match[1]!);
  }
  // Anything left over (an unclosed bracket, trailing text) makes the name a literal key.
  return brackets.lastIndex === name.length ? segments : [name];
}

const INDEX = /^(0|[1-9]\d*)$/;

type Slot = string | FileValue | FormNode;

/** An ordered map under construction, with PHP's "next index" for appends. */
class FormNode {
  private readonly slots = new Map<string, Slot>();
  private nextIndex = 0;

  set(segment: string | null, value: Slot): void {
    this.slots.set(this.keyFor(segment), value);
  }

  /** The node at `segment`, created (or replacing a scalar) as needed. */
  child(segment: string | null): FormNode {
    const key = this.keyFor(segment);
    const existing = this.slots.get(key);
    if (existing instanceof FormNode) return existing;
    const node = new FormNode();
    this.slots.set(key, node);
    return node;
  }

  toObject(): Record<string, FormValue> {
    const object: Record<string, FormValue> = {};
    for (const [key, slot] of this.slots) object[key] = toValue(slot);
    return object;
  }

  toValue(): FormValue {
    const keys = [...this.slots.keys()];
    const dense = keys.every((key) => INDEX.test(key) && Number(key) < keys.length);
    if (!dense) return this.toObject();
    return keys.map((_, index) => toValue(this.slots.get(String(index))!));
  }

  private keyFor(segment: string | null): string {
    const key = segment ?? String(this.nextIndex);
    if (INDEX.test(key)) this.nextIndex = Math.max(this.nextIndex, Number(key) + 1);
    return key;
  }
}

function toValue(slot: Slot): FormValue {
  return slot instanceof FormNode ? slot.toValue() : slot;
}
