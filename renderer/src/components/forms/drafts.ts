/**
 * What a person typed into a form that is not sent yet, kept by form (e.g. `contact:new`, `ticket-reply:45`) for
 * as long as the app runs: closing a dialog by mistake, or leaving the screen, loses nothing. A draft goes when
 * its form is sent. Kept in memory only: a draft may hold a password or a message not meant for the disk.
 */
import { defineStore } from 'pinia';
import { shallowReactive } from 'vue';

export const useDrafts = defineStore('drafts', () => {
  const drafts = shallowReactive(new Map<string, unknown>());

  /** The draft of `key`, made by `fresh` the first time. */
  function draft<T extends object>(key: string, fresh: () => T): T {
    if (!drafts.has(key)) drafts.set(key, fresh());
    return drafts.get(key) as T;
  }

  function drop(key: string): void {
    drafts.delete(key);
  }

  return { draft, drop };
});
