import type { ExteriorPlacement, HotspotAnswer, HotspotKeyFrame } from '@spinyard/domain';
import { useEffect, useRef, useState } from 'react';

/**
 * The selected hotspot's key frames as they are being edited. A saved hotspot's changes are sent as its new
 * coordinates once they settle (400 ms: a run of arrow keys is one call); a new hotspot's wait for its creation.
 */
export function useKeyEditing(
  selected: HotspotAnswer | null,
  isNew: boolean,
  groupId: string,
  save: (id: string, placement: ExteriorPlacement) => Promise<unknown>,
) {
  const [keys, setKeys] = useState<HotspotKeyFrame[] | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const baseline = useRef<string>('');
  const selectedId = selected?.id ?? null;

  // A newly chosen hotspot starts from what the server holds; a new one from no key at all.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on the choice only, not on each refetch of the list
  useEffect(() => {
    const start = isNew ? [] : selected?.exterior ? selected.exterior.key_frames : null;
    baseline.current = JSON.stringify(start);
    setKeys(start);
    setSaveError(null);
  }, [selectedId, isNew]);

  useEffect(() => {
    if (!selectedId || isNew || !keys || keys.length === 0) return;
    const text = JSON.stringify(keys);
    if (text === baseline.current) return;
    const timer = setTimeout(() => {
      setSaving(true);
      save(selectedId, { group_id: groupId, key_frames: keys })
        .then(() => {
          baseline.current = text;
          setSaveError(null);
        })
        .catch(setSaveError)
        .finally(() => setSaving(false));
    }, 400);
    return () => clearTimeout(timer);
  }, [keys, selectedId, isNew, groupId, save]);

  return { keys, setKeys, saveError, saving };
}
