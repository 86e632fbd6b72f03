import type { DesignAnswer, DesignColours } from '@spinyard/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, CONTENT_API_BASE } from './client.ts';
import { uploadFile } from './uploadFile.ts';

/** Custom design (`/custom_design`): the caller's domain's viewer colours and custom hotspot icons. */

export const designKeys = { current: ['custom-design'] as const };
export type DesignIconType = keyof DesignAnswer['icons'];

export function useDesign() {
  return useQuery({
    queryKey: designKeys.current,
    queryFn: () => apiGet<DesignAnswer>(`${CONTENT_API_BASE}/custom_design`, { errors: 'silent' }),
    retry: false,
  });
}

/** Each write answers the whole design, which becomes the cached one at once. */
function useDesignWrite<A>(write: (args: A) => Promise<DesignAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => client.setQueryData(designKeys.current, answer),
  });
}

export function useSaveDesignColours() {
  return useDesignWrite(async (colours: DesignColours) => {
    const answer = await apiRequest<DesignAnswer>(`${CONTENT_API_BASE}/custom_design`, {
      method: 'POST',
      json: { colours },
      errors: 'silent',
    });
    return answer.data;
  });
}

export function useUploadDesignIcon() {
  return useDesignWrite(
    ({ iconType, file, onProgress }: { iconType: DesignIconType; file: File; onProgress?: (f: number) => void }) =>
      uploadFile<DesignAnswer>(`${CONTENT_API_BASE}/custom_design/icon/${iconType}`, {
        file,
        errors: 'silent',
        ...(onProgress ? { onProgress } : {}),
      }),
  );
}

export function useRemoveDesignIcon() {
  return useDesignWrite(async (iconType: DesignIconType) => {
    const answer = await apiRequest<DesignAnswer>(`${CONTENT_API_BASE}/custom_design/icon/${iconType}`, {
      method: 'DELETE',
      errors: 'silent',
    });
    return answer.data;
  });
}
