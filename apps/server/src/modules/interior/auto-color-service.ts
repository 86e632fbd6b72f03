import { type ExteriorProcessStartedAnswer, readDomainOptions } from '@spinyard/domain';
import { AppError, featureOff, fieldError } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { startedAnswer } from '../processes/answer.ts';
import { runProcessJob, startProcessJob } from '../processes/runner.ts';
import { autoColorWork } from './auto-color.ts';
import { autoColorJob } from './jobs.ts';
import { interiorRepo } from './repo.ts';
import { assertNoEditRunning } from './scene-access.ts';
import type { InteriorServiceDeps } from './service.ts';

/** The automatic colour and brightness of the interior, asked for by the dealer. */
export function interiorAutoColor(deps: InteriorServiceDeps) {
  const { db, store, media } = deps;
  return {
    /**
     * `POST /interior/{id}/auto-color`: the `color` process (auto-color.ts) on every scene. Needs the domain's
     * brightness option (403 forbidden, reason brightness_off) and a scene (422 naming content_id).
     */
    async autoColor(actor: Actor, contentId: string): Promise<ExteriorProcessStartedAnswer> {
      const row = await db.transaction().execute(async (trx) => {
        const content = await lockForMedia(trx, actor, contentId, 'INTERIOR.ENHANCE_IMAGE_QUALITY');
        if (!readDomainOptions(content.domain_options).brightness) {
          throw featureOff('brightness_off', 'Automatic colour and brightness are turned off for this domain.');
        }
        if ((await interiorRepo(trx).count(content.id)) === 0) {
          throw new AppError('validation_failed', {
            fields: [fieldError('content_id', 'requires', 'The vehicle has no interior panorama yet.')],
          });
        }
        await assertNoEditRunning(trx, actor, content.id);
        return startProcessJob(trx, deps.jobs, autoColorJob, {
          contentId: content.id,
          process: 'color',
          actorUserId: actor.userId,
        });
      });
      if (!deps.jobs) {
        await runProcessJob(db, 'color', row.id, autoColorWork({ db, store, media }), { lastAttempt: true });
      }
      return startedAnswer(row);
    },
  };
}
