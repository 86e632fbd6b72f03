import { type ComponentType, useEffect, useState } from 'react';

/**
 * A component from a module imported only once `wanted` is true: the code-split of React.lazy without Suspense,
 * whose restore inside a portal fails under preact/compat (`appendChild is not a function`).
 */
export function useModule<P>(load: () => Promise<{ default: ComponentType<P> }>, wanted: boolean) {
  const [component, setComponent] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    load()
      .then((m) => live && setComponent(() => m.default))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted, component, load]);
  return component;
}
