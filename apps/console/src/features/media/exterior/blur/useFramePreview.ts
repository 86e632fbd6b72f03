import { type BlurRegion, type BlurRowAnswer, type BlurTarget, regionsOnFrame } from '@spinyard/domain';
import { useMemo } from 'react';
import { useBlurPreview, useDebounced, useObjectUrl } from '../../../../api/exteriorBlur.ts';

export interface PreviewLook {
  target: BlurTarget;
  /** The blur strength, or null when filling with a colour. */
  strength: number | null;
  /** The fill colour; null when blurring; undefined while the colour typed is not one (no preview then). */
  color: string | null | undefined;
}

/**
 * The server's preview of the frame shown: the regions as they stand on it (short whatever the key frames), asked
 * once the settings have settled for 300 ms.
 */
export function useFramePreview(
  contentId: string,
  row: BlurRowAnswer,
  state: { frame: number; regions: readonly BlurRegion[] },
  look: PreviewLook,
) {
  const n = row.frames.length;
  const { target, strength, color } = look;
  const previewParams = useDebounced(
    useMemo(
      () => ({
        groupId: row.group_id,
        frame: state.frame,
        target,
        strength,
        color: color ?? null,
        regions: regionsOnFrame(state.regions, state.frame, n),
      }),
      [row.group_id, state.frame, state.regions, n, target, strength, color],
    ),
    300,
  );
  const preview = useBlurPreview(contentId, color === undefined ? null : previewParams);
  const previewUrl = useObjectUrl(preview.data);
  return { previewParams, preview, previewUrl };
}
