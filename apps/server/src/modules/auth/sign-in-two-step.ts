import { randomInt } from 'node:crypto';
import { formatTwoStepCode, TWO_STEP_CODE_LENGTH, TWO_STEP_CODE_TTL_MS } from '@spinyard/domain';
import type { Db } from '../../db/database.ts';
import type { MailQueue } from '../../platform/mail/mail-outbox-queue.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { twoStepCodeMail, twoStepCodeSms } from './mails.ts';
import { hashPassword } from './passwords.ts';
import { authRepo } from './repo.ts';
import type { Device, SignInTokens, SignInUser } from './sign-in-finish.ts';
import type { SignInAnswer } from './sign-in-types.ts';

export type SignInLog = (msg: string, fields: Record<string, unknown>) => void;

/** What sending a two-step code needs: where the held sign-in is stored, and how the code reaches the user. */
export interface TwoStepContext {
  db: Db;
  mail: MailQueue;
  sms?: SmsSender | undefined;
  log: SignInLog;
  now: () => Date;
  tokens: Pick<SignInTokens, 'newTemporaryToken'>;
}

/** Mail always; SMS too when the user has a phone and an SMS backend is set. A failed SMS is logged, not fatal. */
async function sendCode(
  ctx: TwoStepContext,
  user: SignInUser,
  code: string,
  challengeId: string,
): Promise<('mail' | 'sms')[]> {
  await ctx.mail.send(
    twoStepCodeMail(user.email, user.domain_service_name, code, TWO_STEP_CODE_TTL_MS),
    `two-step:${challengeId}`,
  );
  const delivery: ('mail' | 'sms')[] = ['mail'];
  const phone = user.phone.trim();
  if (ctx.sms && phone) {
    try {
      await ctx.sms.send(phone, twoStepCodeSms(user.domain_service_name, code, TWO_STEP_CODE_TTL_MS));
      delivery.push('sms');
    } catch (error) {
      ctx.log('Two-step code SMS failed', { userId: user.id, error: String(error) });
    }
  }
  return delivery;
}

/** The 202 of a sign-in that needs its second step: the sign-in held by a temporary token, the code sent. */
export async function startTwoStep(ctx: TwoStepContext, user: SignInUser, device: Device): Promise<SignInAnswer> {
  const code = formatTwoStepCode(randomInt(0, 10 ** TWO_STEP_CODE_LENGTH));
  // argon2 rather than a plain digest: a million possible codes would fall to a dictionary in no time.
  const codeHash = await hashPassword(code);
  const { token, challengeId } = await ctx.db.transaction().execute(async (trx) => {
    const r = authRepo(trx);
    const temporary = await ctx.tokens.newTemporaryToken(r, user, device, 'two_step', TWO_STEP_CODE_TTL_MS);
    const challenge = await r.insertChallenge({
      userId: user.id,
      sessionId: temporary.sessionId,
      codeHash,
      expiresAt: new Date(ctx.now().getTime() + TWO_STEP_CODE_TTL_MS),
    });
    return { token: temporary.token, challengeId: challenge.id };
  });
  const delivery = await sendCode(ctx, user, code, challengeId);
  return {
    status: 202,
    body: { temporary_token: token, expires_in: Math.floor(TWO_STEP_CODE_TTL_MS / 1000), delivery },
  };
}
