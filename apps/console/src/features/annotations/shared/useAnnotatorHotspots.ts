import type { HotspotAnswer } from '@spinyard/domain';
import { useState } from 'react';
import { type HotspotArea, useHotspots, useMoveHotspot } from '../../../api/hotspots.ts';

/**
 * What both annotators keep of an area's hotspots: the list, the move, and the chosen one among those of the row
 * or scene shown (`shown`); `panel` is what the AnnotatorPanel takes of it.
 */
export function useAnnotatorHotspots(
  contentId: string,
  area: HotspotArea,
  readOnly: boolean,
  shown: (hotspot: HotspotAnswer) => boolean,
) {
  const list = useHotspots(contentId, area);
  const move = useMoveHotspot(contentId, area);
  const [selected, setSelected] = useState<string | null>(null);
  const items = (list.data?.items ?? []).filter(shown);
  return {
    list,
    move,
    items,
    selected,
    setSelected,
    isNew: selected === 'new',
    chosen: items.find((h) => h.id === selected) ?? null,
    panel: { contentId, area, readOnly, items, selected },
  };
}
