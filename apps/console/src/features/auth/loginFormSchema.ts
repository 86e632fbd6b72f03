/** The sign-in form's schema on its own, so the sign-in page fetches it (and zod) only when the form is checked. */
export { loginFormSchema } from '@spinyard/domain';
