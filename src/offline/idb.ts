// A small promise layer over IndexedDB with the few table calls the offline side makes (get, put, add,
// delete, update, count, toArray, orderBy, where(...).equals/below with filter, delete and modify), in place
// of Dexie (27 KiB brotli of the fill route's 270). No zones: a transaction hands its callback a
// view whose tables run inside it; every await in there must be one of its own requests (as with `idb`),
// since IndexedDB commits a transaction once a task ends with no request pending. Writes are announced to
// this tab's and other tabs' live queries (`watch`), as Dexie's liveQuery heard them.

export interface IdbOptions {
  /** Another implementation (tests: fake-indexeddb). */
  indexedDB?: IDBFactory;
  IDBKeyRange?: typeof IDBKeyRange;
}

export function request<R>(r: IDBRequest<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
  });
  // Awaited by the caller after its callback; a rejection before then is not unhandled.
  done.catch(() => undefined);
  return done;
}

/** Where a table's requests run: a transaction of its own for each call, or the one a callback is inside. */
export interface Scope {
  run<R>(store: string, mode: IDBTransactionMode, fn: (s: IDBObjectStore) => Promise<R>): Promise<R>;
  range: typeof IDBKeyRange;
}

/** Records of one index, or of the store by primary key, in a key range, optionally filtered. */
export class Collection<T> {
  constructor(
    private readonly scope: Scope,
    private readonly store: string,
    private readonly index: string | null,
    private readonly range: IDBKeyRange | null,
    private readonly keep: ((v: T) => boolean) | null = null,
  ) {}

  private source(s: IDBObjectStore): IDBObjectStore | IDBIndex {
    return this.index === null ? s : s.index(this.index);
  }

  /** The records with their primary keys (an index's getAllKeys answers primary keys, in the same order). */
  private async entries(s: IDBObjectStore): Promise<[IDBValidKey, T][]> {
    const from = this.source(s);
    const [keys, values] = await Promise.all([request(from.getAllKeys(this.range)), request(from.getAll(this.range) as IDBRequest<T[]>)]);
    const all = keys.map((k, i): [IDBValidKey, T] => [k, values[i]!]);
    return this.keep ? all.filter(([, v]) => this.keep!(v)) : all;
  }

  filter(keep: (v: T) => boolean): Collection<T> {
    const before = this.keep;
    return new Collection(this.scope, this.store, this.index, this.range, before ? (v) => before(v) && keep(v) : keep);
  }

  toArray(): Promise<T[]> {
    return this.scope.run(this.store, 'readonly', async (s) => (await this.entries(s)).map(([, v]) => v));
  }

  /** Deletes the records; answers how many. */
  delete(): Promise<number> {
    return this.scope.run(this.store, 'readwrite', async (s) => {
      const all = await this.entries(s);
      await Promise.all(all.map(([k]) => request(s.delete(k))));
      return all.length;
    });
  }

  /** Merges `changes` into each record; answers how many. */
  modify(changes: Partial<T>): Promise<number> {
    return this.scope.run(this.store, 'readwrite', async (s) => {
      const all = await this.entries(s);
      await Promise.all(all.map(([, v]) => request(s.put({ ...v, ...changes }))));
      return all.length;
    });
  }
}

export class Table<T, K extends IDBValidKey> {
  constructor(
    private readonly scope: Scope,
    readonly name: string,
  ) {}

  private run<R>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => Promise<R>): Promise<R> {
    return this.scope.run(this.name, mode, fn);
  }

  get(key: K): Promise<T | undefined> {
    return this.run('readonly', (s) => request(s.get(key) as IDBRequest<T | undefined>));
  }

  async put(value: T): Promise<void> {
    await this.run('readwrite', (s) => request(s.put(value)));
  }

  /** Fails (and aborts its transaction) when the key is taken. */
  async add(value: T): Promise<void> {
    await this.run('readwrite', (s) => request(s.add(value)));
  }

  async delete(key: K): Promise<void> {
    await this.run('readwrite', (s) => request(s.delete(key)));
  }

  /** Merges `changes` into the record if there is one; answers 1, else 0 (nothing is created). */
  update(key: K, changes: Partial<T>): Promise<number> {
    return this.run('readwrite', async (s) => {
      const v = (await request(s.get(key))) as T | undefined;
      if (v === undefined) return 0;
      await request(s.put({ ...v, ...changes }));
      return 1;
    });
  }

  count(): Promise<number> {
    return this.run('readonly', (s) => request(s.count()));
  }

  toArray(): Promise<T[]> {
    return new Collection<T>(this.scope, this.name, null, null).toArray();
  }

  /** Every record in the order of an index. */
  orderBy(index: string): Collection<T> {
    return new Collection<T>(this.scope, this.name, index, null);
  }

  where(index: string): { equals(v: IDBValidKey): Collection<T>; below(v: IDBValidKey): Collection<T> } {
    return {
      equals: (v) => new Collection<T>(this.scope, this.name, index, this.scope.range.only(v)),
      below: (v) => new Collection<T>(this.scope, this.name, index, this.scope.range.upperBound(v, true)),
    };
  }
}

/** A table's schema: the primary key path and the (plain, non-unique) indexes, by name = key path. */
export interface StoreSchema {
  key: string | string[];
  indexes: string[];
}

/**
 * One IndexedDB database opened on first use at `version`, its stores and indexes created where missing
 * (so a database an older version of the app made, Dexie included, opens with its data). Closed when
 * another tab opens a newer version, reopened on the next call.
 */
export class Database {
  private opening: Promise<IDBDatabase> | undefined;
  private readonly factory: IDBFactory;
  readonly range: typeof IDBKeyRange;
  private readonly watchers = new Set<() => void>();
  private channel: BroadcastChannel | undefined;
  /** Runs each call in a transaction of its own over one store. */
  readonly scope: Scope;

  constructor(
    readonly name: string,
    private readonly version: number,
    private readonly schema: Record<string, StoreSchema>,
    options: IdbOptions = {},
  ) {
    this.factory = options.indexedDB ?? globalThis.indexedDB;
    this.range = options.IDBKeyRange ?? globalThis.IDBKeyRange;
    this.scope = {
      run: async (store, mode, fn) => {
        const tx = (await this.open()).transaction(store, mode);
        const done = finished(tx);
        const out = await fn(tx.objectStore(store));
        await done;
        if (mode === 'readwrite') this.changed();
        return out;
      },
      range: this.range,
    };
  }

  open(): Promise<IDBDatabase> {
    this.opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = this.factory.open(this.name, this.version);
      r.onupgradeneeded = () => {
        const db = r.result;
        const tx = r.transaction!;
        for (const [name, { key, indexes }] of Object.entries(this.schema)) {
          const store = db.objectStoreNames.contains(name) ? tx.objectStore(name) : db.createObjectStore(name, { keyPath: key });
          for (const i of indexes) if (!store.indexNames.contains(i)) store.createIndex(i, i);
        }
      };
      r.onsuccess = () => {
        const db = r.result;
        db.onversionchange = () => {
          db.close();
          this.opening = undefined;
        };
        resolve(db);
      };
      r.onerror = () => reject(r.error);
      r.onblocked = () => reject(new DOMException('The offline database is held open at an older version by another tab.', 'VersionError'));
    });
    this.opening.catch(() => (this.opening = undefined));
    return this.opening;
  }

  /**
   * Runs `fn` inside one read-write transaction over `stores`: its calls all happen or none. `fn` gets the
   * scope its tables must be built on; awaiting anything but their requests would let the transaction commit.
   */
  async transaction<R>(stores: string[], fn: (inside: Scope) => Promise<R>): Promise<R> {
    const tx = (await this.open()).transaction(stores, 'readwrite');
    const done = finished(tx);
    const inside: Scope = { run: (store, _mode, f) => f(tx.objectStore(store)), range: this.range };
    let out: R;
    try {
      out = await fn(inside);
    } catch (e) {
      try {
        tx.abort();
      } catch {
        // Already finished or aborted by the failed request.
      }
      throw e;
    }
    await done;
    this.changed();
    return out;
  }

  /** Calls `fn` after every committed write, in this tab or another; answers how to stop. */
  watch(fn: () => void): () => void {
    this.watchers.add(fn);
    this.listen();
    return () => this.watchers.delete(fn);
  }

  private listen(): void {
    if (this.channel || typeof BroadcastChannel === 'undefined') return;
    this.channel = new BroadcastChannel(`idb:${this.name}`);
    this.channel.onmessage = () => this.watchers.forEach((w) => w());
  }

  private changed(): void {
    this.watchers.forEach((w) => w());
    this.listen();
    this.channel?.postMessage(null);
  }

  close(): void {
    void this.opening?.then(
      (db) => db.close(),
      () => undefined,
    );
    this.opening = undefined;
    this.channel?.close();
    this.channel = undefined;
  }

  /** Closes and deletes the database. */
  async delete(): Promise<void> {
    if (this.opening) (await this.opening.catch(() => undefined))?.close();
    this.opening = undefined;
    await request(this.factory.deleteDatabase(this.name));
  }
}
