// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm.Argon2id; the package declares it as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a fixed hash when the user does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0A!');
  await verifyPassword(await dummyHash, password);
}
