/**
 * A schema typed T that checks a value as `shape` does (its issues, with their paths, as its own), for a value
 * whose static type is finer than what is worth checking at that boundary: `outbox.enqueue` is typed as a
 * Mutation (a front end's wrong params fail to compile) while only its shape is checked there, the params being
 * checked by kind in the outbox. The value passes through as given: `shape` must not transform it.
 */
import { z } from 'zod';

export function checkedAs<T>(shape: z.core.$ZodType): z.ZodCustom<T, T> {
  return z.custom<T>().superRefine((value, ctx) => {
    const parsed = z.safeParse(shape, value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}
