/**
 * Building blocks for the per-operation decoders: a record schema declared as "model field ← wire field",
 * a nested list inside a record (either shape), and parsing that reports zod issues as protocol errors.
 */
import { z } from 'zod';
import { protocolError } from './errors.js';
import { readList, type WireValue } from './wire-shape.js';

type FieldSpec = readonly [wireName: string, schema: z.ZodType];
type Output<S extends Record<string, FieldSpec>> = { [K in keyof S]: z.output<S[K][1]> };

/** A record schema from `{ modelName: [wireName, schema] }`: validates the wire names, renames to the model's. */
export function record<S extends Record<string, FieldSpec>>(spec: S) {
  const shape: Record<string, z.ZodType> = {};
  for (const [wire, schema] of Object.values(spec)) shape[wire] = schema;
  return z.object(shape).transform((raw) => {
    const out: Record<string, unknown> = {};
    for (const [name, [wire]] of Object.entries(spec)) out[name] = raw[wire];
    return out as Output<S>;
  });
}

/** A list nested in a record (`lineitems.lineitem[]`, or its folded flattened form), each row parsed by `item`. */
export function nestedList<T extends z.ZodType>(itemKey: string, item: T) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const rows = readList({ list: value as WireValue }, ['list', itemKey]);
      if (rows === null) {
        ctx.addIssue({ code: 'custom', message: `expected a list of '${itemKey}'` });
        return z.NEVER;
      }
      return rows as unknown[];
    })
    .pipe(z.array(item));
}

/** Parses `value` or throws a protocol error naming the operation and the first bad field. */
export function parseOrThrow<T extends z.ZodType>(operation: string, where: string, schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = [where, ...issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))].join('');
  throw protocolError(operation, field.replace(/^\./, ''), issue.message);
}
