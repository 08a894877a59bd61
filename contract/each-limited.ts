// Work over a list, a few at a time: a page's tiles are fetched four at once by the page, the archive worker
// and the service worker alike.

/** Runs `job` over `items`, `parallel` at a time; the first failure stops the rest. */
export async function eachLimited<T>(items: readonly T[], parallel: number, job: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await job(item);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
}
