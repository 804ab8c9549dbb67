/**
 * A Web Storage over a Map (the browser's `localStorage` API: synchronous, string values), for the
 * table tests that load and store through a page's storage.
 */
export function mapStorage(data: Map<string, string>): Storage {
  return {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  } as Storage;
}
