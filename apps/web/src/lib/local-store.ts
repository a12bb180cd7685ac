import { useSyncExternalStore } from 'react';

/**
 * One value kept in this browser's localStorage under `key`, shared by every component that reads
 * it and by other tabs (the `storage` event). `parse` turns what JSON.parse read into the value (it
 * may throw: a damaged entry is `empty`); an empty value removes the entry. The visitor's cart and
 * garage are two of these.
 */
export function createLocalStore<T>(key: string, empty: T, parse: (stored: unknown) => T, isEmpty: (value: T) => boolean) {
  const listeners = new Set<() => void>();
  let cached: { raw: string | null; value: T } = { raw: null, value: empty };

  function read(): T {
    const raw = localStorage.getItem(key);
    if (raw === cached.raw) return cached.value;
    let value = empty;
    try {
      if (raw) value = parse(JSON.parse(raw));
    } catch {
      value = empty;
    }
    cached = { raw, value };
    return value;
  }

  function write(value: T) {
    if (isEmpty(value)) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => event.key === key && listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  /** The stored value; `empty` on the server and until hydration, so the first render matches it. */
  const use = () => useSyncExternalStore(subscribe, read, () => empty);

  return { read, write, use };
}
