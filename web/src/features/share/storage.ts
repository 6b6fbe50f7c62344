// localStorage behind a seam that never throws. Embedded frames with blocked third-party storage,
// private modes and full quotas all make `localStorage` throw (even reading the property can);
// the app must keep working and say that work is not being saved.

export interface SafeStorage {
  /** False when storage is unavailable: the UI says "work is not saved". */
  readonly available: boolean;
  get(key: string): string | undefined;
  /** Returns false when the write failed (quota, blocked); never throws. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

/** Wraps a Storage-like object (or a getter that may throw). */
export function createSafeStorage(getStorage: () => Storage | undefined): SafeStorage {
  let storage: Storage | undefined;
  try {
    storage = getStorage();
    // Touch it: some browsers hand out an object that throws on first use.
    const probe = "wirelab:probe";
    storage?.setItem(probe, "1");
    storage?.removeItem(probe);
  } catch {
    storage = undefined;
  }
  const state = { available: storage !== undefined };
  return {
    get available() {
      return state.available;
    },
    get(key) {
      try {
        return storage?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      if (!storage) return false;
      try {
        storage.setItem(key, value);
        return true;
      } catch {
        state.available = false;
        return false;
      }
    },
    remove(key) {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to do: a storage that cannot remove cannot have saved either.
      }
    },
  };
}

/** The page's localStorage, wrapped. */
export function browserStorage(): SafeStorage {
  return createSafeStorage(() => (typeof localStorage === "undefined" ? undefined : localStorage));
}
