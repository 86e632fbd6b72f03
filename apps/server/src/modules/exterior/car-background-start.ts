import { type ExteriorProcessStartedAnswer, readDomainOptions } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, featureOff } from '../../errors.ts';
import type { Actor } from '../auth/service.ts';
import { lockForMedia } from '../contents/media-access.ts';
import { blurRepo } from './blur-repo.ts';
import { type RowEditPayload, rowEditWork } from './car-background.ts';
import type { ExteriorServiceDeps } from './exterior-service.ts';
import { processStarter } from './process-start.ts';

/**
 * The car-aware row edits' starts (car-background.ts): the background replaced by the dealer's picture and the
 * rotation correction, each an `exterior_replace_image` process over a row, under REPLACE_IMAGE's locks.
 */

const OPTION_OFF = {
  background_blur: [
    'background_blur_off',
    'Editing the background is turned off for this domain (its background blur option).',
  ],
  exterior_rotation_correction: [
    'rotation_correction_off',
    'Rotation correction is turned off for this domain (its exterior rotation correction option).',
  ],
} as const;

/**
 * A row edit's checks in the vehicle's transaction: the vehicle seen and not locked for REPLACE_IMAGE, the domain's
 * option on (403 forbidden naming it), the row one of the vehicle's (404). Answers the domain's options.
 */
async function rowEditAllowed(
  trx: Db,
  actor: Actor,
  contentId: string,
  groupId: string,
  option: keyof typeof OPTION_OFF,
) {
  const content = await lockForMedia(trx, actor, contentId, 'EXTERIOR.REPLACE_IMAGE');
  const options = readDomainOptions(content.domain_options);
  if (!options[option]) {
    const [reason, message] = OPTION_OFF[option];
    throw featureOff(reason, message);
  }
  if (!(await blurRepo(trx).group(contentId, groupId))) throw new AppError('not_found');
  return options;
}

/** `POST .../rows/{group_id}/replace-background` and `.../rotation-correction` (car-background-routes.ts). */
export function exteriorRowEdits(deps: ExteriorServiceDeps) {
  const { db } = deps;
  const { afterCommit, startWithPicture, recordReplace } = processStarter(deps);

  return {
    /**
     * `POST .../rows/{group_id}/replace-background`: the dealer's picture (checked as a replacement image) behind
     * the car on every frame of the row, as the `exterior_replace_image` process (car-background.ts). Needs the
     * domain's background blur option (403 forbidden, reason background_blur_off); levels the car too when the
     * domain's rotation correction is on.
     */
    replaceBackground: startWithPicture(async (trx, actor, contentId, groupId, keep): Promise<RowEditPayload> => {
      const options = await rowEditAllowed(trx, actor, contentId, groupId, 'background_blur');
      return {
        mode: 'background',
        group_id: groupId,
        source_key: await keep(),
        correct: options.exterior_rotation_correction,
      };
    }, rowEditWork(deps)),

    /**
     * `POST .../rows/{group_id}/rotation-correction`: every frame of the row levelled and brought to the spin's
     * median size and place, as the `exterior_replace_image` process (car-background.ts). Needs the domain's
     * exterior rotation correction option (403 forbidden, reason rotation_correction_off).
     */
    async correctRotation(actor: Actor, contentId: string, groupId: string): Promise<ExteriorProcessStartedAnswer> {
      const row = await db.transaction().execute(async (trx) => {
        await rowEditAllowed(trx, actor, contentId, groupId, 'exterior_rotation_correction');
        const payload: RowEditPayload = { mode: 'rotation', group_id: groupId };
        return recordReplace(trx, actor, contentId, payload);
      });
      return afterCommit(row, 'exterior_replace_image', rowEditWork(deps));
    },
  };
}
