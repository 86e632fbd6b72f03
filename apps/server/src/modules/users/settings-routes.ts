import {
  appManagementAnswer,
  idParams,
  imageSystemAnswer,
  imageSystemPatchSchema,
  userConfigurationAnswer,
  userConfigurationPatchSchema,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorRoutes } from '../../http/actor-routes.ts';
import type { SettingsService } from './settings-service.ts';

const tags = ['user settings'];

/** Image-system user, user configuration and app management. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const route = actorRoutes(app, tags);

  route.get('/v1/image-system-user', {
    summary: 'The caller’s image-system settings (their domain’s defaults with their own changes)',
    answer: imageSystemAnswer,
    errors: [401],
    run: (actor) => settings.imageSystem(actor),
  });

  route.post('/v1/image-system-user', {
    summary: 'Create or update the caller’s image-system settings (master and super users)',
    body: imageSystemPatchSchema,
    answer: imageSystemAnswer,
    errors: [401, 403, 422],
    run: (actor, { body }) => settings.updateImageSystem(actor, undefined, body),
  });

  route.get('/v1/image-system-user/:id', {
    summary: 'A user’s image-system settings',
    params: idParams,
    answer: imageSystemAnswer,
    errors: [401, 403, 404],
    run: (actor, { params }) => settings.imageSystem(actor, params.id),
  });

  route.post('/v1/image-system-user/:id', {
    summary: 'Update a user’s image-system settings (master; a super user for the users of their domain)',
    params: idParams,
    body: imageSystemPatchSchema,
    answer: imageSystemAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params, body }) => settings.updateImageSystem(actor, params.id, body),
  });

  route.get('/v1/app-management', {
    summary: 'Which applications the caller may use, and their sign-in limits',
    answer: appManagementAnswer,
    errors: [401],
    run: (actor) => settings.appManagement(actor),
  });

  route.get('/v1/user-configuration/:id', {
    summary: 'A user’s console preferences: sidebar colour and saved list conditions',
    params: idParams,
    answer: userConfigurationAnswer,
    errors: [401, 403, 404],
    run: (actor, { params }) => settings.configuration(actor, params.id),
  });

  route.post('/v1/user-configuration/:id', {
    summary: 'Update preferences: the given keys replace the stored ones',
    params: idParams,
    body: userConfigurationPatchSchema,
    answer: userConfigurationAnswer,
    errors: [401, 403, 404, 422],
    run: (actor, { params, body }) => settings.updateConfiguration(actor, params.id, body),
  });
};
