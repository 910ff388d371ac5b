/**
 * Building blocks for the per-operation decoders. A decoder is a plain function from one wire value to its
 * model value that throws a DecodeIssue for a bad one; a record decoder is declared as "model field ← wire
 * field"; parseOrThrow turns an issue into a protocol error naming the operation and the wire path.
 *
 * Plain functions rather than zod schemas: a full sync decodes over a million fields, and zod's per-value
 * machinery cost more than the checks themselves. zod still serves values with a structure (fromZod).
 */
import type { z } from 'zod';
import { protocolError } from './errors.js';
import { leaveUnset, mayLeaveUnset } from './unread.js';
import { isWireObject, readList, type WireObject, type WireValue } from './wire-shape.js';

export type Decode<T> = (value: unknown) => T;

/** zod's wording for a value of the wrong kind, which protocol errors have always carried. */
export const INVALID_INPUT = 'Invalid input';

/** A bad wire value: what was wrong, and where below the value being decoded (keys and row indexes). */
export class DecodeIssue extends Error {
  override readonly name = 'DecodeIssue';

  constructor(
    message: string,
    readonly path: PropertyKey[] = [],
  ) {
    super(message);
  }
}

type FieldSpec = readonly [wireName: string, decode: Decode<unknown>];
type Output<S extends Record<string, FieldSpec>> = { [K in keyof S]: ReturnType<S[K][1]> };

/** A record decoder from `{ modelName: [wireName, decode] }`: reads the wire names, renames to the model's. */
export function record<S extends Record<string, FieldSpec>>(spec: S): Decode<Output<S>> {
  const fields = Object.entries(spec).map(([name, [wire, decode]]) => ({ name, wire, decode }));
  if (fields.some(({ name }) => name === '__proto__')) throw new Error('a model field cannot be named __proto__');
  // The decoder is compiled from the spec into one object literal, `{ "id": decodeAt("id", decoders[0],
  // value["id"]), … }`: each record then has one fixed shape from the start, and every field is a load and a
  // store by a name known in advance, where a loop over the fields made V8 look each name up at run time (a
  // sync decodes over a million fields; this took decoding 35% less time). Names and wire names are this
  // file's own, written in as JSON string literals; nothing from a reply is compiled.
  const literal = fields.map(({ name, wire }, i) => `${JSON.stringify(name)}: decodeField(${JSON.stringify(wire)}, decoders[${i}], value[${JSON.stringify(wire)}])`);
  const build = new Function('decoders', 'decodeField', `return (value) => ({ ${literal.join(', ')} });`)(
    fields.map(({ decode }) => decode),
    decodeField,
  ) as (value: WireObject) => Output<S>;
  return (value) => {
    if (!isWireObject(value)) throw new DecodeIssue(`${INVALID_INPUT}: expected object, received ${typeName(value)}`);
    return build(value);
  };
}

/** A list nested in a record (`lineitems.lineitem[]`, or its folded flattened form), each row read by `item`. */
export function nestedList<T>(itemKey: string, item: Decode<T>): Decode<T[]> {
  return (value) => {
    const rows = readList({ list: value as WireValue }, ['list', itemKey]);
    if (rows === null) throw new DecodeIssue(`expected a list of '${itemKey}'`);
    // Not rows.map: a hole must be read (and refused) like any other row.
    return Array.from(rows, (row, i) => decodeAt(i, item, row));
  };
}

/** A zod schema as a decoder, for values whose structure it states better than code would; its first issue is thrown. */
export function fromZod<T extends z.ZodType>(schema: T): Decode<z.output<T>> {
  return (value) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    throw new DecodeIssue(issue.message, [...issue.path]);
  };
}

/** Decodes `value` or throws a protocol error naming the operation and the first bad field. */
export function parseOrThrow<T>(operation: string, where: string, decode: Decode<T>, value: unknown): T {
  try {
    return decode(value);
  } catch (error) {
    if (!(error instanceof DecodeIssue)) throw error;
    const field = [where, ...error.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))].join('');
    throw protocolError(operation, field.replace(/^\./, ''), error.message);
  }
}

/** A record's field: as decodeAt, except that while unread values are collected (unread.ts) a bad one may be left unset. */
function decodeField<T>(key: string, decode: Decode<T>, value: unknown): T {
  try {
    return decode(value);
  } catch (error) {
    if (!(error instanceof DecodeIssue)) throw error;
    if (error.path.length === 0 && mayLeaveUnset(decode)) return leaveUnset(key, decode, error.message) as T;
    error.path.unshift(key);
    throw error;
  }
}

/** Decodes the value found at `key`; an issue below it gets `key` prepended to its path. */
function decodeAt<T>(key: string | number, decode: Decode<T>, value: unknown): T {
  try {
    return decode(value);
  } catch (error) {
    if (error instanceof DecodeIssue) error.path.unshift(key);
    throw error;
  }
}

/** The type name zod's message would give. */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : String(value);
  return typeof value;
}
