import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Compared against when the username is unknown, so a miss costs the same time as a wrong password.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$Fuwnuvu7x1qXv0JBhxiGRg$x0R7+pmCPYcQrQMXrDlk3bGHbVEV9iu4I4Ugit4hwlA';

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  try {
    const ok = await verify(passwordHash || DUMMY_HASH, password);
    return ok && passwordHash !== undefined && passwordHash !== NO_PASSWORD_YET;
  } catch {
    return false;
  }
}

/**
 * The stored hash of an account created for someone else (a domain's super user, a super user added by master)
 * before they chose a password: nothing verifies against it, and activation leads them to set one.
 */
export const NO_PASSWORD_YET = '';

export function hasOwnPassword(passwordHash: string): boolean {
  return passwordHash !== NO_PASSWORD_YET;
}
