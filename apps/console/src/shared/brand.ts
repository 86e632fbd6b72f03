import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The service name this host shows (browser title, footer): a white-label tenant's own name rather than the
 * product's. Signed-in screens learn it from the profile, the login screens from the host lookup; until then, and
 * on the product's own host without a name, the product's name stands.
 */
let hostServiceName = '';
const listeners = new Set<() => void>();

export function setHostServiceName(name: string | undefined): void {
  const next = (name ?? '').trim();
  if (next === hostServiceName) return;
  hostServiceName = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The host's service name, or the product's name when it is not known (yet). */
export function useServiceName(): string {
  const { t } = useTranslation();
  const known = useSyncExternalStore(subscribe, () => hostServiceName);
  return known || t('app.name');
}

/** Records the host's service name once it is known (a no-op while undefined). */
export function useHostServiceName(name: string | undefined): void {
  useEffect(() => {
    if (name) setHostServiceName(name);
  }, [name]);
}
