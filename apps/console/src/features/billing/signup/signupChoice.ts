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
