/**
 * What a person typed into a form that is not queued yet, by draft key (`add-contact`, `add-ticket-reply:45`;
 * shared/outbox/drafts.ts). Held here while the app runs, so that closing a dialog by mistake or leaving the
 * screen loses nothing, and kept by the engine for the open account (drafts.save, a moment after typing stops),
 * so that a reload or a restart loses nothing either: the first time a form opens, its saved draft comes back.
 * Secret fields and attachments never leave this memory (the engine leaves them out too).
 */
import { defineStore } from 'pinia';
import { reactive, ref, toRaw } from 'vue';
import type { EntryBase } from '../../../../shared/outbox/conflict';
import { keptPart, type DraftKey, type DraftValue } from '../../../../shared/outbox/drafts';
import { desk } from '../../bridge';
import { useDeskEvent } from '../../composables/desk-event';

/** Moves a reopened draft's untouched fields onto its record as it is now, given the base the draft was started on. */
export type Rebase<T extends DraftValue> = (draft: T, base: EntryBase) => void;

/** How long typing must pause before a draft is saved. */
export const SAVE_AFTER_MS = 400;

export const useDrafts = defineStore('drafts', () => {
  const drafts = new Map<DraftKey, DraftValue>();
  const pending = new Map<DraftKey, { blank: boolean; timer?: ReturnType<typeof setTimeout> }>();
  // Drafts whose edit is being queued: their saves wait (see sendWith).
  const sending = new Set<DraftKey>();
  /**
   * The last saved draft that could not be read whole (values of another sort than its form's: changed outside
   * the app, or kept by another version): kept under `<key>:set-aside` (or not even that: `kept` false), said
   * by DraftSetAside.vue until dismissed (null).
   */
  const setAside = ref<{ key: DraftKey; kept: boolean } | null>(null);
  // Another account's drafts are its own: what is held here is the account that was open.
  useDeskEvent('accounts.changed', () => {
    for (const { timer } of pending.values()) clearTimeout(timer);
    pending.clear();
    sending.clear();
    drafts.clear();
  });

  /**
   * The draft of `key`, made by `fresh` the first time; then the engine's saved draft is put into it, unless
   * the person has typed meanwhile.
   */
  function draft<T extends DraftValue>(key: DraftKey, fresh: () => T, rebase?: Rebase<T>): T {
    const held = drafts.get(key);
    // Held values are made here from `fresh`, so of its type.
    if (held) {
      if (rebase) void rebaseOn(key, held as T, rebase);
      return held as T;
    }
    const made = reactive(fresh());
    drafts.set(key, made);
    const untouched = JSON.stringify(made);
    void desk()
      .call('drafts.get', { key })
      .then(async (saved) => {
        if (!saved || drafts.get(key) !== made || JSON.stringify(made) !== untouched) return;
        if (restoreInto(made, saved).length > 0) keepAside(key, saved);
        if (rebase) await rebaseOn(key, made as T, rebase);
      })
      // No saved draft to restore (the engine could not read it): the form starts from its record.
      .catch(() => undefined);
    return made as T;
  }

  /** Keeps a saved draft that could not be read whole under its own name, and says so (a form shows what fitted). */
  function keepAside(key: DraftKey, saved: DraftValue): void {
    const aside: DraftKey = `${key}:set-aside`;
    setAside.value = { key, kept: true };
    void desk()
      .call('drafts.save', { key: aside, value: keptPart(aside, saved) })
      // Not kept either: the notice says so (the form still shows what it could read).
      .catch(() => (setAside.value = { key, kept: false }));
  }

  /** A draft of a record reopened: the fields the person left as they were take the record's values now (issue 34, row 2b). */
  async function rebaseOn<T extends DraftValue>(key: DraftKey, made: T, rebase: Rebase<T>): Promise<void> {
    const base = await desk().call('drafts.base', { key });
    if (base && drafts.get(key) === made) rebase(made, base);
  }

  /** Saves the draft once typing pauses; a draft emptied back to a blank form is forgotten by the engine instead. */
  function save(key: DraftKey, blank: boolean): void {
    clearTimeout(pending.get(key)?.timer);
    pending.set(key, { blank, timer: sending.has(key) ? undefined : setTimeout(() => void flush(key), SAVE_AFTER_MS) });
  }

  /** Saves a draft whose save is waiting, now (the form goes away). */
  async function flush(key: DraftKey): Promise<void> {
    const waiting = pending.get(key);
    if (!waiting || sending.has(key)) return;
    clearTimeout(waiting.timer);
    pending.delete(key);
    const value = drafts.get(key);
    if (!value) return;
    const saved = waiting.blank ? desk().call('drafts.clear', { key }) : desk().call('drafts.save', { key, value: keptPart(key, toRaw(value)) });
    // Not kept by the engine (its disk): the draft stays in this memory while the app runs, and the next pause saves again.
    await saved.catch(() => undefined);
  }

  /** Forgets a draft here; `alsoSaved` drops the engine's copy too (the form was discarded). */
  function drop(key: DraftKey, alsoSaved = false): void {
    clearTimeout(pending.get(key)?.timer);
    pending.delete(key);
    sending.delete(key);
    drafts.delete(key);
    // A saved copy that could not be dropped comes back once, the next time this form opens; the person discards it again.
    if (alsoSaved) void desk().call('drafts.clear', { key }).catch(() => undefined);
  }

  /**
   * Queues the draft's edit through `queue` (which has the engine drop its saved draft in the same transaction),
   * then forgets the draft here. While the edit is on its way no save of this draft goes out: one sent after the
   * queueing call would reach the engine after it and save the queued text again as a draft, which the form
   * would then restore over its emptied fields. A refused edit keeps its draft and saves it as before.
   */
  async function sendWith<R>(key: DraftKey, queue: (key: DraftKey) => Promise<R>): Promise<R> {
    sending.add(key);
    clearTimeout(pending.get(key)?.timer);
    let result: R;
    try {
      result = await queue(key);
    } catch (error) {
      sending.delete(key);
      const waiting = pending.get(key);
      if (waiting) save(key, waiting.blank);
      throw error;
    }
    drop(key);
    return result;
  }

  return { draft, save, flush, drop, sendWith, setAside, keepAside };
});

/**
 * Puts a saved draft's values into a fresh one, where the fresh one has that field with a value of the same
 * sort (a draft saved by another version of a form keeps what still fits, and nothing that would break it). A
 * list whose fresh value has an item to go by (an invoice's first line) takes the saved items only if each is of
 * that item's sort, each object item restored into a copy of it (issue 35.15: `lines: [5]` or `[{}]` would
 * otherwise reach the form as they are). Returns the fields it could not read (a value of another sort, inner
 * ones as `address.city`): the caller sets the saved draft aside rather than lose them silently.
 */
export function restoreInto(target: DraftValue, saved: DraftValue): string[] {
  const unread: string[] = [];
  for (const [field, value] of Object.entries(saved)) {
    const current = target[field];
    // A field the form no longer has is an older version's: nothing to read it into, and nothing lost by it.
    if (!(field in target)) continue;
    if (sortOf(current) !== sortOf(value) && current !== null && value !== null) unread.push(field);
    else if (isPlainObject(current) && isPlainObject(value)) unread.push(...restoreInto(current, value).map((inner) => `${field}.${inner}`));
    else if (Array.isArray(current) && Array.isArray(value) && current.length > 0) {
      const items = restoredItems(current[0], value, field, unread);
      if (items !== null) target[field] = items;
      else unread.push(field);
    } else target[field] = value;
  }
  return unread;
}

/** Saved list items shaped on `model`, or null when one of them is not of its sort; an item's unread fields are added to `unread`. */
function restoredItems(model: unknown, saved: readonly unknown[], field: string, unread: string[]): unknown[] | null {
  if (saved.some((item) => sortOf(item) !== sortOf(model))) return null;
  if (!isPlainObject(model)) return [...saved];
  return saved.map((item, i) => {
    const copy = structuredClone(toRaw(model));
    unread.push(...restoreInto(copy, item as DraftValue).map((inner) => `${field}[${i}].${inner}`));
    return copy;
  });
}

const sortOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
const isPlainObject = (value: unknown): value is DraftValue => typeof value === 'object' && value !== null && !Array.isArray(value);
