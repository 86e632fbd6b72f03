import { saveBlob } from '../lib/saveBlob.ts';
import { apiRequest } from './client.ts';
import type { Profile } from './profile.ts';

/** The PDF manuals of the manual menu (second document, section 7). */
export const MANUALS = ['360car_manual', '360bike_manual', 'remote360_manual'] as const;
export type ManualName = (typeof MANUALS)[number];

export function manualFileName(name: ManualName): string {
  return `${name}_jp.pdf`;
}

/**
 * Fetches the manual as a blob and hands it to the browser as a download: the media host may need the same
 * cache-busting and error handling as every other call, which a plain link would skip.
 */
export async function downloadManual(name: ManualName): Promise<void> {
  const { data } = await apiRequest<Blob>(`/svnmedia/pdf/${manualFileName(name)}`, { as: 'blob', auth: 'none' });
  saveBlob(data, manualFileName(name));
}

/** The bike manual is for bike dealers (content style bike, or a bike host) and for the operator, who supports everyone. */
export function visibleManuals(profile: Profile): ManualName[] {
  const bike =
    profile.user.privilege_type === 'master' ||
    profile.domain.options.content_style === 'bike' ||
    profile.domain.host_flags.includes('bike');
  return bike ? ['360car_manual', '360bike_manual', 'remote360_manual'] : ['360car_manual', 'remote360_manual'];
}
