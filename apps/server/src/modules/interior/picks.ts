import type { Db } from '../../db/database.ts';
import type { StoredImage } from '../../db/schema.ts';
import { interiorRepo } from './repo.ts';

/** A scene as another area picks a view of it: the picture buyers see and where the viewer opens. */
export interface ScenePicture {
  image: StoredImage;
  view: { yaw: number; pitch: number };
}

/**
 * What other areas may read of the interior to pick pictures from it (the slider's automatic category images): each
 * scene's shown panorama (enhanced or white-balanced, else the original) and its initial view, in scene order.
 */
export async function scenePictures(db: Db, contentId: string): Promise<ScenePicture[]> {
  return (await interiorRepo(db).scenes(contentId)).map((s) => ({
    image: s.current ?? s.original,
    view: { yaw: s.initial_view.yaw, pitch: s.initial_view.pitch },
  }));
}
