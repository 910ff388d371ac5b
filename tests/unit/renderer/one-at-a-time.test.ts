/** oneAtATime (renderer/src/stores/one-at-a-time.ts): a read asked for many times while one runs runs once more, not once per ask. */
import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../../renderer/src/stores/one-at-a-time';

describe('oneAtATime', () => {
  it('runs one read at a time, and one more after it for every ask made meanwhile', async () => {
    const finish: Array<() => void> = [];
    let started = 0;
    const load = oneAtATime(() => {
      started++;
      return new Promise<void>((resolve) => finish.push(resolve));
    });
    const first = load();
    const asks = [load(), load(), load(), load()];
    expect(started).toBe(1);
    finish.shift()!();
    await Promise.resolve();
    await Promise.resolve();
    // The four asks made during the first read: one more read, not four.
    expect(started).toBe(2);
    finish.shift()!();
    await Promise.all([first, ...asks]);
    expect(started).toBe(2);
    // Later asks start a read of their own.
    const later = load();
    expect(started).toBe(3);
    finish.shift()!();
    await later;
  });

  it('a read that fails lets the next ask read again', async () => {
    let calls = 0;
    const load = oneAtATime(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
    });
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
