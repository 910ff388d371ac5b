/**
 * The drafts store (renderer/src/components/forms/drafts.ts) against a fake engine that keeps drafts the way the
 * engine does: while an edit is being queued no save of its draft goes out (one that reached the engine after the
 * queueing call would bring the queued text back into the emptied form), and a refused edit keeps its draft.
 */
import { createPinia, setActivePinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftValue } from '../../../shared/outbox/drafts';
import { SAVE_AFTER_MS, useDrafts } from '../../../renderer/src/components/forms/drafts';
import { installFakeBridge } from './fake-bridge';

const KEY = 'add-ticket-reply:45';
const fresh = () => ({ message: '', contactid: null as number | null });

/** The engine's saved drafts, and an enqueue that takes `queueMs` and drops the draft it names (or is refused). */
function fakeEngine(queueMs: number, refuse = false) {
  const saved = new Map<string, DraftValue>();
  const bridge = installFakeBridge({
    'drafts.get': (input) => saved.get((input as { key: string }).key) ?? null,
    'drafts.save': (input) => void saved.set((input as { key: string }).key, (input as { value: DraftValue }).value),
    'drafts.clear': (input) => void saved.delete((input as { key: string }).key),
  });
  const enqueue = (key: string) =>
    new Promise<string>((resolve, reject) =>
      setTimeout(() => {
        if (refuse) return reject(new Error('refused'));
        saved.delete(key);
        resolve('queued');
      }, queueMs),
    );
  return { saved, bridge, enqueue };
}

beforeEach(() => {
  vi.useFakeTimers();
  setActivePinia(createPinia());
});
afterEach(() => vi.useRealTimers());

describe('a draft being queued', () => {
  it('is not saved again while its edit is on its way, so the emptied form stays empty', async () => {
    const engine = fakeEngine(SAVE_AFTER_MS * 3);
    const drafts = useDrafts();
    const form = drafts.draft(KEY, fresh);
    form.message = 'Thanks, that fixed it.';
    form.contactid = 5;
    drafts.save(KEY, false);
    const sent = drafts.sendWith(KEY, engine.enqueue);
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS * 3);
    await expect(sent).resolves.toBe('queued');
    expect(engine.bridge.calls).not.toContain('drafts.save');

    const next = drafts.draft(KEY, fresh);
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS * 2);
    expect(next).toEqual(fresh());
    expect(engine.saved.has(KEY)).toBe(false);
  });

  it('keeps what was typed when the edit is refused, and saves it once typing pauses', async () => {
    const engine = fakeEngine(SAVE_AFTER_MS * 3, true);
    const drafts = useDrafts();
    const form = drafts.draft(KEY, fresh);
    form.message = 'Still broken.';
    drafts.save(KEY, false);
    const sent = drafts.sendWith(KEY, engine.enqueue);
    const refused = expect(sent).rejects.toThrow('refused');
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS * 3);
    await refused;
    expect(drafts.draft(KEY, fresh).message).toBe('Still broken.');
    await vi.advanceTimersByTimeAsync(SAVE_AFTER_MS);
    expect(engine.saved.get(KEY)).toMatchObject({ message: 'Still broken.' });
  });
});
