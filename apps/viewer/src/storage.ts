/**
 * Web storage that never throws. A browser that blocks a cross-site frame's storage (third-party cookies off, "block
 * all cookies", a sandboxed frame) makes the mere read of `window.localStorage` throw a SecurityError. The viewer
 * keeps nothing there, but Photo Sphere Viewer reads `localStorage` while it checks the device, and took the throw
 * for "WebGL not supported": the interior failed in every such frame. Run before anything else, this puts an
 * in-memory stand-in where the browser refuses the real one, so libraries see a storage that forgets at unload.
 */

class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.#items.set(String(key), String(value));
  }
}

/** Whether the browser lets this document use the named storage (reading it, then writing a probe). */
function usable(win: Window, name: 'localStorage' | 'sessionStorage'): boolean {
  try {
    const storage = win[name];
    const probe = '__spinyard_probe__';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replaces each refused storage of the window by a memory one; answers the names replaced. Property access on a
 * Storage (`localStorage[key] = …`, as Photo Sphere Viewer writes) goes through a Proxy to the same methods.
 */
export function guardStorage(win: Window = window): string[] {
  const replaced: string[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    if (usable(win, name)) continue;
    const memory = new MemoryStorage();
    const storage = new Proxy(memory, {
      get: (target, key) => {
        if (typeof key === 'symbol' || key in target) {
          const value = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return target.getItem(key) ?? undefined;
      },
      set: (target, key, value) => {
        if (typeof key === 'symbol') return false;
        target.setItem(key, String(value));
        return true;
      },
      has: (target, key) => (typeof key === 'symbol' ? key in target : key in target || target.getItem(key) !== null),
      deleteProperty: (target, key) => {
        if (typeof key !== 'symbol') target.removeItem(key);
        return true;
      },
    });
    try {
      Object.defineProperty(win, name, { configurable: true, enumerable: true, get: () => storage });
      replaced.push(name);
    } catch {
      // A browser that does not let the property be redefined keeps its own refusal; nothing else can be done.
    }
  }
  return replaced;
}
