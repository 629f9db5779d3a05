/**
 * Waits for every one of `work` (a transaction's statements sent together); then throws the
 * first failure, if any: none of them outlives the error the caller answers.
 */
export async function settled(work: Array<Promise<unknown> | undefined>): Promise<void> {
  for (const r of await Promise.allSettled(work)) if (r.status === 'rejected') throw r.reason;
}
