import { parseFields } from '@spinyard/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { credentials } from '../auth/credentials-service.ts';
import type { Actor } from '../auth/service.ts';
import { userAccounts } from '../users/accounts-service.ts';
import { profileRepo } from './repo.ts';

export interface ProfileDeps {
  db: Db;
  mail: MailQueue;
  sms?: SmsSender | undefined;
  publicUrl: string | undefined;
  now?: () => Date;
}

export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = parseFields(schema, input);
  if (!parsed.ok) throw new AppError('validation_failed', { fields: parsed.fields });
  return parsed.data;
}

/** What the profile's use cases share: the repositories they read and write, the clock, and the signed-in user. */
export function profileCore(deps: ProfileDeps) {
  const { db } = deps;
  const auth = credentials(db);

  async function userOf(actor: Actor) {
    const user = await auth.signInUser(actor.userId);
    if (!user) throw new AppError('not_authenticated');
    return user;
  }

  return {
    deps,
    db,
    repo: profileRepo(db),
    auth,
    accounts: userAccounts(db),
    now: deps.now ?? (() => new Date()),
    userOf,
  };
}

export type ProfileCore = ReturnType<typeof profileCore>;
