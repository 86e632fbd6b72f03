/**
 * The plan and the card token chosen on /user/plan and /user/payment, until /user/entry sends them with the
 * registration. In the tab's sessionStorage: a reload keeps the choice, another tab or a closed browser does not.
 * The token is one-use and stands for the card without its number; the number itself is never stored.
 */
export interface SignupChoice {
  plan_id: string;
  card?: { token: string; brand: string; last4: string; exp_month: number; exp_year: number };
}

const KEY = 'spinyard.signup';

/** What the tab keeps under `key`, when it parses and passes `valid` (storage off or a hand-edited value: none). */
function readStored<T>(key: string, valid: (parsed: T) => boolean): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as T;
    return valid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readSignupChoice(): SignupChoice | null {
  return readStored<SignupChoice>(KEY, (parsed) => typeof parsed.plan_id === 'string');
}

export function saveSignupChoice(choice: SignupChoice): void {
  sessionStorage.setItem(KEY, JSON.stringify(choice));
}

export function clearSignupChoice(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * A registration whose first payment went to the card issuer's 3-D Secure page: the sign-in hold the server
 * answered (short-lived, one use) and where the challenge is, kept in the tab until /user/entry?confirm=1 sends it
 * back. The plan stays chosen so a refused check returns to /user/payment with it.
 */
export interface SignupHold {
  token: string;
  challenge_url: string;
  plan_id: string;
}

const HOLD_KEY = 'spinyard.signup.hold';

export function readSignupHold(): SignupHold | null {
  return readStored<SignupHold>(
    HOLD_KEY,
    (parsed) => typeof parsed.token === 'string' && typeof parsed.challenge_url === 'string',
  );
}

export function saveSignupHold(hold: SignupHold): void {
  sessionStorage.setItem(HOLD_KEY, JSON.stringify(hold));
}

export function clearSignupHold(): void {
  sessionStorage.removeItem(HOLD_KEY);
}
