// User accounts. E-mail addresses are unique without regard to case.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../schema';

export async function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<DB>, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function userProfile(db: Kysely<DB>, id: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('countries as c', 'c.id', 'u.country_id')
    .select([
      'u.id',
      'u.full_name as fullName',
      'u.phone_number as phoneNumber',
      'u.email',
      'c.name as countryName',
      'u.profile_picture_key as profilePictureKey',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
}

export async function insertUser(
  db: Kysely<DB> | Transaction<DB>,
  user: {
    email: string;
    fullName: string;
    phoneNumber: string | null;
    passwordHash: string;
    countryId: number | null;
    confirmed?: boolean;
  },
): Promise<string> {
  const row = await db
    .insertInto('users')
    .values({
      email: user.email.trim(),
      full_name: user.fullName.trim(),
      phone_number: user.phoneNumber,
      password_hash: user.passwordHash,
      country_id: user.countryId,
      email_confirmed_at: user.confirmed ? new Date() : null,
      gender: null,
      profile_picture_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailConfirmed(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', userId).execute();
}

export async function setPasswordHash(db: Kysely<DB>, userId: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
