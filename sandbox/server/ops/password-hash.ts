/** Password hashes for sub-account contacts: stored and shown hashed, never plain (scrypt, random salt). */
import { randomBytes, scryptSync } from 'node:crypto';

export function hashPassword(plain: string): string {
  const salt = randomBytes(16);
  return `$scrypt$${salt.toString('base64')}$${scryptSync(plain, salt, 32).toString('base64')}`;
}
