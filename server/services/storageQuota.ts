// The plan's storage (databaseLimit, in GB; 0 is unlimited): uploads that would take an organization
// past it are refused with the storageLimit message. Counted are the files kept for it:
// survey media and files submitted with answers. 1 GB is 10^9 bytes, as storage is sold.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { storageUse } from '../db/queries/billing';
import { problem } from '../problems';

export const BYTES_PER_GB = 1_000_000_000;

export async function requireStorage(q: Kysely<DB> | Transaction<DB>, organizationId: string, addingBytes: number): Promise<void> {
  if (addingBytes <= 0) return;
  const { usedBytes, limitGb } = await storageUse(q, organizationId);
  if (limitGb > 0 && usedBytes + addingBytes > limitGb * BYTES_PER_GB) throw problem('storageLimit');
}
