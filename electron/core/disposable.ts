/**
 * The engine's one way of ending things (after VS Code's DisposableStore): whatever holds a file, a timer or a
 * listener has `dispose()`, and whoever sets such things up adds their undoing to a store that disposes them
 * all, newest first, once.
 */

/** Something that can be ended; ending it twice does nothing. */
export interface Disposable {
  dispose(): void | Promise<void>;
}

export class DisposableStore implements Disposable {
  private readonly items: Array<Disposable | (() => void | Promise<void>)> = [];
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Keeps `item` to dispose with the store; added to a store already disposed, it is disposed at once. */
  add<T extends Disposable | (() => void | Promise<void>)>(item: T): T {
    if (this.disposed) void Promise.resolve(disposeOne(item)).catch(() => undefined);
    else this.items.push(item);
    return item;
  }

  /**
   * Disposes everything added, newest first (what was set up last may depend on what came before), each one
   * even when an earlier one failed; then throws the failure, or an AggregateError of several. Again: nothing.
   */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const errors: unknown[] = [];
    for (const item of this.items.splice(0).reverse()) {
      try {
        await disposeOne(item);
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} things failed to end`);
  }
}

function disposeOne(item: Disposable | (() => void | Promise<void>)): void | Promise<void> {
  return typeof item === 'function' ? item() : item.dispose();
}
