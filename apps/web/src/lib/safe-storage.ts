/**
 * localStorage that never throws: private windows and disabled storage must not break the app,
 * they only lose what would have been remembered.
 */
export interface KeyValueStorage {
  getItem: (key: string) => string | null;
  setItem: (key: string, value: string) => void;
  removeItem: (key: string) => void;
}

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export const safeStorage: KeyValueStorage = {
  getItem(key) {
    try {
      return browserStorage()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  setItem(key, value) {
    try {
      browserStorage()?.setItem(key, value);
    } catch {
      // Quota or policy: the value just is not remembered.
    }
  },
  removeItem(key) {
    try {
      browserStorage()?.removeItem(key);
    } catch {
      // As above.
    }
  },
};
