/**
 * A read that events ask for again and again (a sync's end, each of a batch's writes): one in flight at a time, and
 * one more after it when it was asked for meanwhile, however many times. Every caller waits for a read that
 * started after its ask.
 */
export function oneAtATime(read: () => Promise<void>): () => Promise<void> {
  let reading: Promise<void> | null = null;
  let again = false;
  return () => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        await read();
      } while (again);
    })().finally(() => (reading = null));
    return reading;
  };
}
