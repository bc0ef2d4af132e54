import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with OWASP's recommended cost. */
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, argonOptions);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so both answers take as long. */
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= hashPassword('Dummy-password-1!'));

/** An unguessable token for cookies and mail links (256 bits, URL-safe). */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256 only: a database leak gives no usable session or link. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
