/**
 * Maps every item through `work`, at most `limit` at a time, answers in the items' order. A
 * dashboard's tiles run side by side this way without opening one connection per tile at once.
 */
export async function mapFewAtATime<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
