import {
  appManagementAnswer,
  idParams,
  imageSystemAnswer,
  imageSystemPatchSchema,
  userConfigurationAnswer,
  userConfigurationPatchSchema,
} from '@spinyard/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/authenticate.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { SettingsService } from './settings-service.ts';

const security = [{ bearer: [] }];
const tags = ['user settings'];

/** Image-system user, user configuration and app management. */
export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  app.get(
    '/v1/image-system-user',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s image-system settings (their domain’s defaults with their own changes)',
        response: { 200: imageSystemAnswer, ...errorResponses(401) },
      },
    },
    async (request) => settings.imageSystem(actorOf(request)),
  );

  app.post(
    '/v1/image-system-user',
    {
      schema: {
        tags,
        security,
        summary: 'Create or update the caller’s image-system settings (master and super users)',
        body: imageSystemPatchSchema,
        response: { 200: imageSystemAnswer, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => settings.updateImageSystem(actorOf(request), undefined, request.body),
  );

  app.get(
    '/v1/image-system-user/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A user’s image-system settings',
        params: idParams,
        response: { 200: imageSystemAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => settings.imageSystem(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/image-system-user/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a user’s image-system settings (master; a super user for the users of their domain)',
        params: idParams,
        body: imageSystemPatchSchema,
        response: { 200: imageSystemAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => settings.updateImageSystem(actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/v1/app-management',
    {
      schema: {
        tags,
        security,
        summary: 'Which applications the caller may use, and their sign-in limits',
        response: { 200: appManagementAnswer, ...errorResponses(401) },
      },
    },
    async (request) => settings.appManagement(actorOf(request)),
  );

  app.get(
    '/v1/user-configuration/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A user’s console preferences: sidebar colour and saved list conditions',
        params: idParams,
        response: { 200: userConfigurationAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => settings.configuration(actorOf(request), request.params.id),
  );

  app.post(
    '/v1/user-configuration/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update preferences: the given keys replace the stored ones',
        params: idParams,
        body: userConfigurationPatchSchema,
        response: { 200: userConfigurationAnswer, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => settings.updateConfiguration(actorOf(request), request.params.id, request.body),
  );
};
