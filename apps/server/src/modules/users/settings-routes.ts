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
import { documentRoutes } from '../../http/resource-routes.ts';
import type { SettingsService } from './settings-service.ts';

const tags = ['user settings'];

/** Image-system user, user configuration and app management. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const route = actorRoutes(app, tags);

  documentRoutes(route, '/v1/image-system-user', {
    body: imageSystemPatchSchema,
    answer: imageSystemAnswer,
    read: {
      summary: 'The caller’s image-system settings (their domain’s defaults with their own changes)',
      errors: [401],
      run: (actor) => settings.imageSystem(actor),
    },
    update: {
      summary: 'Create or update the caller’s image-system settings (master and super users)',
      errors: [401, 403, 422],
      run: (actor, { body }) => settings.updateImageSystem(actor, undefined, body),
    },
  });

  documentRoutes(route, '/v1/image-system-user/:id', {
    params: idParams,
    body: imageSystemPatchSchema,
    answer: imageSystemAnswer,
    read: {
      summary: 'A user’s image-system settings',
      errors: [401, 403, 404],
      run: (actor, { params }) => settings.imageSystem(actor, params.id),
    },
    update: {
      summary: 'Update a user’s image-system settings (master; a super user for the users of their domain)',
      errors: [401, 403, 404, 422],
      run: (actor, { params, body }) => settings.updateImageSystem(actor, params.id, body),
    },
  });

  route.get('/v1/app-management', {
    summary: 'Which applications the caller may use, and their sign-in limits',
    answer: appManagementAnswer,
    errors: [401],
    run: (actor) => settings.appManagement(actor),
  });

  documentRoutes(route, '/v1/user-configuration/:id', {
    params: idParams,
    body: userConfigurationPatchSchema,
    answer: userConfigurationAnswer,
    read: {
      summary: 'A user’s console preferences: sidebar colour and saved list conditions',
      errors: [401, 403, 404],
      run: (actor, { params }) => settings.configuration(actor, params.id),
    },
    update: {
      summary: 'Update preferences: the given keys replace the stored ones',
      errors: [401, 403, 404, 422],
      run: (actor, { params, body }) => settings.updateConfiguration(actor, params.id, body),
    },
  });
};
