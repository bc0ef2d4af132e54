/**
 * At most `size` of a kind of work at once in this process; the rest wait in order. For work whose
 * memory grows with how many run together (decoding images: a 50-megapixel PNG is 200 MB of pixels), so
 * a burst of requests waits instead of taking the process's memory.
 */
export function createSemaphore(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else running++;
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
