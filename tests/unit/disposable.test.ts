/** The engine's DisposableStore: newest first, once, every item even after a failure, failures thrown once. */
import { describe, expect, it } from 'vitest';
import { DisposableStore } from '../../electron/core/disposable.js';

describe('DisposableStore', () => {
  it('disposes what was added newest first, functions and disposables alike, awaiting each', async () => {
    const ended: string[] = [];
    const store = new DisposableStore();
    store.add(() => void ended.push('first'));
    store.add({ dispose: async () => void ended.push(await Promise.resolve('second')) });
    store.add(() => void ended.push('third'));
    await store.dispose();
    expect(ended).toEqual(['third', 'second', 'first']);
  });

  it('does nothing the second time', async () => {
    let ended = 0;
    const store = new DisposableStore();
    store.add(() => void ended++);
    await store.dispose();
    await store.dispose();
    expect(ended).toBe(1);
    expect(store.isDisposed).toBe(true);
  });

  it('disposes every item though one fails, then throws that failure', async () => {
    const ended: string[] = [];
    const store = new DisposableStore();
    store.add(() => void ended.push('first'));
    store.add(() => {
      throw new Error('the file is gone');
    });
    store.add(() => void ended.push('third'));
    await expect(store.dispose()).rejects.toThrow('the file is gone');
    expect(ended).toEqual(['third', 'first']);
  });

  it('throws several failures together, once', async () => {
    const store = new DisposableStore();
    store.add(() => {
      throw new Error('one');
    });
    store.add(async () => {
      throw new Error('two');
    });
    const failure = await store.dispose().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors.map((e: Error) => e.message)).toEqual(['two', 'one']);
    await expect(store.dispose()).resolves.toBeUndefined();
  });

  it('disposes at once what is added after it was disposed', async () => {
    const store = new DisposableStore();
    await store.dispose();
    let ended = false;
    store.add(() => void (ended = true));
    expect(ended).toBe(true);
  });
});
