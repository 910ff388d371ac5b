/** Waits for `work` at most `ms`: 'done' when it settled (fulfilled or rejected) in time, else 'timed-out'. */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<'done' | 'timed-out'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timed-out'>((done) => (timer = setTimeout(() => done('timed-out'), ms)));
  try {
    return await Promise.race([work.then(() => 'done' as const, () => 'done' as const), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
