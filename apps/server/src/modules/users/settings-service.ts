import {
  applyImageSystemPatch,
  canEditUser,
  contentStyleOnHost,
  effectiveImageSystem,
  fieldErrorMap,
  fieldErrorsOf,
  knownHostFlags,
  readDomainOptions,
  readUserConfiguration,
  type UserConfiguration,
  userConfigurationPatchSchema,
} from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { enforce } from '../actor/permission-actor.ts';
import type { Actor } from '../auth/service.ts';
import { type ActorContext, loadActorContext, targetOf } from './actor.ts';
import { visibleUser } from './core.ts';
import { type UserRecord, usersRepo } from './repo.ts';

/**
 * Per-user settings: the image-system user (users.image_system), the user configuration (users.configuration) and
 * the app management answer. Rules (docs/decisions.md):
 * - Anyone reads their own settings; another user's need canSeeUser.
 * - Image-system settings decide contract features (listing-service link, transfer, AI options), so they are set
 *   by master, or by a super for the users of their domain (canEditUser: themself, admins, normal users). Admins
 *   and normal users read theirs and cannot change them.
 * - The configuration is personal (sidebar colour, saved list conditions): the user themself, or whoever may edit
 *   the user (canEditUser).
 */
export function settingsService(deps: { db: Db }) {
  const { db } = deps;
  const repo = usersRepo(db);

  async function targetUser(c: ActorContext, id: string | undefined): Promise<UserRecord> {
    return visibleUser(repo, c, id ?? c.permission.id);
  }

  async function domainOptionsOf(c: ActorContext, user: UserRecord) {
    // Master's own settings take master's view of the options (every feature on), like the profile.
    if (user.id === c.permission.id) return c.domainOptions;
    return readDomainOptions(user.domain_options);
  }

  async function imageSystemAnswer(c: ActorContext, user: UserRecord) {
    const stored = await repo.jsonColumnsOf(user.id);
    if (!stored) throw new AppError('not_found');
    const settings = effectiveImageSystem(await domainOptionsOf(c, user), stored.image_system);
    const contents_style = contentStyleOnHost(settings.contents_style, knownHostFlags(user.domain_host_flags));
    return { id: user.id, ...settings, contents_style };
  }

  return {
    async imageSystem(actor: Actor, id?: string) {
      const c = await loadActorContext(db, actor);
      return imageSystemAnswer(c, await targetUser(c, id));
    },

    async updateImageSystem(actor: Actor, id: string | undefined, patch: unknown) {
      const c = await loadActorContext(db, actor);
      const user = await targetUser(c, id);
      enforce(canEditUser(c.permission, targetOf(user)));
      if (c.permission.privilegeType !== 'master' && c.permission.privilegeType !== 'super') {
        throw new AppError('forbidden', { message: 'Image-system settings are set by the company’s super user.' });
      }
      const options = await domainOptionsOf(c, user);
      const stored = await repo.jsonColumnsOf(user.id);
      if (!stored) throw new AppError('not_found');
      const result = applyImageSystemPatch(options, effectiveImageSystem(options, stored.image_system), patch);
      if (!result.ok) throw new AppError('validation_failed', { fields: result.fields });
      const flags = knownHostFlags(user.domain_host_flags);
      if (contentStyleOnHost(result.settings.contents_style, flags) !== result.settings.contents_style) {
        throw new AppError('validation_failed', {
          fields: [fieldError('contents_style', 'one_of', 'Vehicles on the bike site are bikes.')],
        });
      }
      // Only what differs from the domain is stored, so a later domain change still reaches the other settings.
      const saved = { ...(stored.image_system as Record<string, unknown>), ...(patch as Record<string, unknown>) };
      await repo.setImageSystem(user.id, saved);
      return imageSystemAnswer(c, user);
    },

    async configuration(actor: Actor, id: string): Promise<UserConfiguration & { id: string }> {
      const c = await loadActorContext(db, actor);
      const user = await targetUser(c, id);
      if (user.id !== c.permission.id) enforce(canEditUser(c.permission, targetOf(user)));
      const stored = await repo.jsonColumnsOf(user.id);
      return { id: user.id, ...readUserConfiguration(stored?.configuration) };
    },

    async updateConfiguration(actor: Actor, id: string, patch: unknown): Promise<UserConfiguration & { id: string }> {
      const c = await loadActorContext(db, actor);
      const user = await targetUser(c, id);
      if (user.id !== c.permission.id) enforce(canEditUser(c.permission, targetOf(user)));
      const parsed = userConfigurationPatchSchema.safeParse(patch, { error: fieldErrorMap });
      if (!parsed.success) throw new AppError('validation_failed', { fields: fieldErrorsOf(parsed.error, patch) });
      const stored = await repo.jsonColumnsOf(user.id);
      const next = { ...readUserConfiguration(stored?.configuration), ...stripUndefined(parsed.data) };
      await repo.setConfiguration(user.id, next);
      return { id: user.id, ...next };
    },

    /**
     * GET /app-management: which applications the caller may use and under which sign-in limits, from their
     * domain's options: the capture app sign-in (app_login), the hotspot editor in the app and in the browser,
     * asynchronous mobile upload, the simultaneous-login limit (the user's own count first, else the domain's)
     * and two-step authentication.
     */
    async appManagement(actor: Actor) {
      const c = await loadActorContext(db, actor);
      const o = c.domainOptions;
      return {
        console: true,
        app_login: o.app_login,
        hotspot_app: o.hotspot_app,
        hotspot_browser: o.hotspot_browser,
        async_mobile_upload: o.async_mobile_upload,
        login_limit_count: c.loginLimitCount ?? o.login_limit_count,
        login_limit_mode: o.login_limit_mode,
        two_step_auth: o.two_step_auth,
        two_step_auth_enforced: o.two_step_auth_enforced,
      };
    },
  };
}

export type SettingsService = ReturnType<typeof settingsService>;

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * `/users/cs_autojoin` (the listing module, after checking the caller is joined): a user turns their own automatic
 * link on or off. The one image-system setting a user sets themself: it decides when their own vehicles go to the
 * partner, not what the contract allows (cs_join stays with master and super).
 */
export async function setOwnCsAutojoin(db: Db, userId: string, on: boolean): Promise<void> {
  const repo = usersRepo(db);
  const stored = await repo.jsonColumnsOf(userId);
  if (!stored) throw new AppError('not_found');
  await repo.setImageSystem(userId, { ...(stored.image_system as Record<string, unknown>), cs_autojoin: on });
}
