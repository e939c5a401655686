// Server calls for one list run one after another, in the order the shopper made the changes,
// so the server sees them in that order. A task learns whether it is the last one queued: only
// then may it replace the local list with the server's answer without undoing newer changes.
export class SyncQueue {
  private tail: Promise<void> = Promise.resolve();
  private count = 0;

  run<T>(task: (isLast: () => boolean) => Promise<T>): Promise<T> {
    this.count += 1;
    const result = this.tail.then(() => task(() => this.count === 1));
    this.tail = result.then(
      () => {
        this.count -= 1;
      },
      () => {
        this.count -= 1;
      },
    );
    return result;
  }

  /** Resolves once every call queued so far has finished. */
  idle(): Promise<void> {
    return this.tail;
  }
}
