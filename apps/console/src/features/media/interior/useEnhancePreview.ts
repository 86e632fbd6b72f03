import { DEFAULT_ENHANCE_SETTINGS, type EnhanceSettings, type WhiteBalance } from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { fetchEnhancePreview } from '../../../api/interior.ts';

/** The live preview follows the sliders after this pause, not at every step. */
const PREVIEW_DELAY_MS = 350;

export interface EnhancePreview {
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The live "after" of the interior tool while `wanted`: fetched a moment after the last change of the corrections
 * (the defaults when the domain's option is off) or of the white balance; the previous picture is released.
 */
export function useEnhancePreview(
  contentId: string,
  sceneId: string,
  settings: EnhanceSettings,
  whiteBalance: WhiteBalance,
  enabled: boolean,
  wanted: boolean,
): EnhancePreview {
  const [preview, setPreview] = useState<EnhancePreview>({ url: null, loading: false, failed: false });
  useEffect(() => {
    if (!wanted) {
      setPreview({ url: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    const corrections = enabled ? settings : DEFAULT_ENHANCE_SETTINGS;
    const timer = window.setTimeout(() => {
      setPreview((p) => ({ ...p, loading: true, failed: false }));
      fetchEnhancePreview(contentId, sceneId, corrections, whiteBalance, controller.signal).then(
        (made) => {
          url = made;
          setPreview({ url: made, loading: false, failed: false });
        },
        (e: unknown) => {
          if (e instanceof DOMException && e.name === 'AbortError') return;
          setPreview({ url: null, loading: false, failed: true });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [contentId, sceneId, settings, whiteBalance, enabled, wanted]);
  return preview;
}
