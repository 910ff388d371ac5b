/**
 * Drafts: what a person typed into a form and has not queued yet, kept per account by the engine across a
 * reload and a restart. A draft is named by the kind of edit its form queues and, after a colon, what it is
 * about (`update-contact:7`, `add-ticket-reply:local:3`, `add-contact`), so the engine knows which of its fields
 * never reach the disk: the kind's secret params (definitions.ts) and attached files.
 */
import { z } from 'zod';
import { MUTATIONS } from './definitions.js';
import { MUTATION_KINDS, type MutationKind } from './kinds.js';

export type DraftKey = MutationKind | `${MutationKind}:${string}`;

export const DRAFT_LIMITS = {
  keyChars: 200,
  /** A draft as JSON: a long ticket message fits many times over. */
  bytes: 64 * 1024,
  /** Drafts an account keeps. */
  count: 500,
} as const;

const KEY = /^([a-z-]+)(?::\S+)?$/;

export function kindOfDraft(key: string): MutationKind | null {
  const kind = KEY.exec(key)?.[1];
  return MUTATION_KINDS.find((k) => k === kind) ?? null;
}

export function isDraftKey(value: unknown): value is DraftKey {
  return typeof value === 'string' && value.length <= DRAFT_LIMITS.keyChars && kindOfDraft(value) !== null;
}

export const DraftKeySchema = z.custom<DraftKey>(isDraftKey, {
  error: `must be a mutation kind, then optionally ':' and what the draft is about (no spaces), at most ${DRAFT_LIMITS.keyChars} characters`,
});

/** A form's fields as the form holds them (not yet the params of an edit). */
export type DraftValue = Record<string, unknown>;

export const DraftValueSchema = z
  .record(z.string().max(100), z.json(), { error: 'must be an object of form fields' })
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= DRAFT_LIMITS.bytes, {
    error: `must be at most ${DRAFT_LIMITS.bytes / 1024} KB as JSON`,
  });

/**
 * The top-level fields of a kind's draft kept in memory only: its secret params (a sub-account's password, an
 * EPP code, a root password), which a form names as the params do; and attachments, whose bytes (up to 20 MB)
 * are not rewritten at every pause in typing.
 */
export function memoryOnlyFields(kind: MutationKind): readonly string[] {
  return [...MUTATIONS[kind].secretParams, 'attachments'];
}

/**
 * The part of a draft that may be written down: its memory-only fields left out wherever they are, at the top or
 * nested in a group of fields or a list's items (a form that keeps `{ text: { password2 } }` keeps no password on disk).
 */
export function keptPart(key: DraftKey, value: DraftValue): DraftValue {
  const kind = kindOfDraft(key);
  const omitted = kind ? memoryOnlyFields(kind) : [];
  return withoutFields(value, omitted) as DraftValue;
}

function withoutFields(value: unknown, omitted: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutFields(item, omitted));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([field]) => !omitted.includes(field)).map(([field, v]) => [field, withoutFields(v, omitted)]));
}
