import { moviesRepo } from '../../src/modules/movies/repo.ts';
import type { TestApp } from '../helpers/app.ts';
import { testAppStore } from '../helpers/exterior-seed.ts';

/** The bytes the seeded promo's files hold: the tests check the media route serves them, not that they play. */
export const PROMO_BYTES = Buffer.from('not really an mp4, but the route serves bytes as they are');

/**
 * A finished promo film on a vehicle, as the render leaves it (the movies module's repository, its files in the
 * app's store), without rendering one: the movie mail's rules only need it to exist.
 */
export async function readyPromo(t: TestApp, contentId: string): Promise<void> {
  const store = testAppStore(t.dir);
  const key = (name: string) => `contents/${contentId}/movies/${name}`;
  await store.put(key('promo-1080.mp4'), PROMO_BYTES);
  await store.put(key('promo-720.mp4'), PROMO_BYTES);
  await store.put(key('poster.jpg'), PROMO_BYTES);
  const repo = moviesRepo(t.db);
  await repo.markRendering(contentId, 'slider', 'seeded');
  await repo.switchFiles(contentId, 'slider', 'seeded', {
    file_1080_key: key('promo-1080.mp4'),
    file_720_key: key('promo-720.mp4'),
    poster_key: key('poster.jpg'),
    width: 1920,
    height: 1080,
    bytes_1080: PROMO_BYTES.length,
    bytes_720: PROMO_BYTES.length,
    duration_seconds: 3,
  });
}
