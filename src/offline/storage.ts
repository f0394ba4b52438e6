// Storage safety: ask the browser not to evict our data (navigator.storage.persist()), and tell the
// user when it refuses or when space runs low, so a collector exports before the phone throws
// anything away.
import { proxy } from 'valtio';

/** Below this much free space, or above this share used, the user is warned. */
export const LOW_SPACE_BYTES = 50 * 1024 * 1024;
export const HIGH_USE_RATIO = 0.9;

export interface StorageHealth {
  /** undefined: not asked yet, or the browser cannot say. */
  persisted: boolean | undefined;
  usage: number | undefined;
  quota: number | undefined;
  low: boolean;
}

export const storageHealth = proxy<StorageHealth>({ persisted: undefined, usage: undefined, quota: undefined, low: false });

export function isLow(usage: number, quota: number): boolean {
  return quota - usage < LOW_SPACE_BYTES || usage / quota > HIGH_USE_RATIO;
}

/** Asks once per page for persistent storage and measures the space; safe where the API is missing. */
export async function checkStorage(): Promise<StorageHealth> {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (s?.persisted && s.persist) {
    try {
      storageHealth.persisted = (await s.persisted()) || (await s.persist());
    } catch {
      storageHealth.persisted = false;
    }
  }
  if (s?.estimate) {
    try {
      const { usage, quota } = await s.estimate();
      if (usage !== undefined && quota !== undefined && quota > 0) {
        storageHealth.usage = usage;
        storageHealth.quota = quota;
        storageHealth.low = isLow(usage, quota);
      }
    } catch {
      // leave it unknown
    }
  }
  return { ...storageHealth };
}
