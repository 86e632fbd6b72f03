import type {
  DeviceListAnswer,
  LoginLimitedAnswer,
  SecondStepAnswer,
  SignedInAnswer,
  TokenForm,
} from '@spinyard/domain';

/** What the sign-in paths take and answer: the API's own shapes (packages/domain/src/schemas/auth.ts). */
export type LoginInput = TokenForm;
export type DeviceList = DeviceListAnswer;

/** How a sign-in ends once every check has passed: signed in (200), or held at the login limit (201). */
export type FinishAnswer = { status: 200; body: SignedInAnswer } | { status: 201; body: LoginLimitedAnswer };

/** Every sign-in path's answer: 202 when a second step is needed. */
export type SignInAnswer = FinishAnswer | { status: 202; body: SecondStepAnswer };
