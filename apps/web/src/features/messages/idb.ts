/**
 * A tiny promise wrapper over IndexedDB (no library): one database per browser profile with a
 * key-value store for the local-first cache and an outbox store (docs/web.md "Messages").
 * Without IndexedDB (old browsers, some private modes) every call resolves empty and nothing is kept.
 */
const DB_NAME = 'parley-chat';
const DB_VERSION = 1;
export const STORES = { cache: 'cache', outbox: 'outbox' } as const;
type StoreName = (typeof STORES)[keyof typeof STORES];

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (opening) return opening;
  opening = new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    let req: IDBOpenDBRequest;
    try {
      req = indexedDB.open(DB_NAME, DB_VERSION);
    } catch {
      return resolve(null);
    }
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORES.cache)) db.createObjectStore(STORES.cache);
      if (!db.objectStoreNames.contains(STORES.outbox)) db.createObjectStore(STORES.outbox);
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  return opening;
}

function run<T>(
  store: StoreName,
  mode: IDBTransactionMode,
  fn: (s: IDBObjectStore) => IDBRequest<T> | void,
): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const tx = db.transaction(store, mode);
          const req = fn(tx.objectStore(store));
          tx.oncomplete = () => resolve(req ? req.result : undefined);
          tx.onerror = () => resolve(undefined);
          tx.onabort = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

export const idb = {
  get: <T>(store: StoreName, key: string) => run<T>(store, 'readonly', (s) => s.get(key) as IDBRequest<T>),
  put: (store: StoreName, key: string, value: unknown) =>
    run(store, 'readwrite', (s) => void s.put(value, key)).then(() => undefined),
  del: (store: StoreName, key: string) =>
    run(store, 'readwrite', (s) => void s.delete(key)).then(() => undefined),
  all: <T>(store: StoreName) =>
    run<T[]>(store, 'readonly', (s) => s.getAll() as IDBRequest<T[]>).then((v) => v ?? []),
  clear: (store: StoreName) => run(store, 'readwrite', (s) => void s.clear()).then(() => undefined),
  /** Tests: forget the open connection (a fresh fake IndexedDB per test). */
  reset(): void {
    opening = null;
  },
};
