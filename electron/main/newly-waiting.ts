/** How many more entries wait for the person's decision than before (none at the first count: nothing is new then). */
export function newlyWaiting(before: number | null, now: number): number {
  return before === null ? 0 : Math.max(0, now - before);
}
