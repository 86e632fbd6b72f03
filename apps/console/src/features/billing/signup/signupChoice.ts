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

export function readSignupChoice(): SignupChoice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as SignupChoice;
    return typeof parsed.plan_id === 'string' ? parsed : null;
  } catch {
    return null;
  }
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
  try {
    const raw = sessionStorage.getItem(HOLD_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as SignupHold;
    return typeof parsed.token === 'string' && typeof parsed.plan_id === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveSignupHold(hold: SignupHold): void {
  sessionStorage.setItem(HOLD_KEY, JSON.stringify(hold));
}

export function clearSignupHold(): void {
  sessionStorage.removeItem(HOLD_KEY);
}
