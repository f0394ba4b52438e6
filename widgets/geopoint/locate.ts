// The device's position (spec 001 sections 4, 8 and 9): high accuracy, 10 s timeout; the three texts
// of the spec for a browser without geolocation, a page where it is unavailable, and a failure.
import { GEOLOCATION_TIMEOUT_MS, type Coords } from '../../engine/survey/index';

export const GEO_MESSAGES = {
  unsupported: 'Geolocation is not supported by this browser.',
  unavailable: 'Geolocation is not available in this browser.',
  failed: 'Failed to get location. Please try again.',
} as const;

/** How long the found values wait before they fill in, so the respondent sees them arrive. */
export const APPLY_DELAY_MS = 500;

export class LocateError extends Error {}

export function locate(timeoutMs = GEOLOCATION_TIMEOUT_MS): Promise<Coords> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.reject(new LocateError(GEO_MESSAGES.unsupported));
  // Browsers only offer geolocation to secure pages (https or localhost).
  if (typeof window !== 'undefined' && window.isSecureContext === false) return Promise.reject(new LocateError(GEO_MESSAGES.unavailable));
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const c = p.coords;
        resolve({
          latitude: round(c.latitude, 6),
          longitude: round(c.longitude, 6),
          ...(c.altitude !== null ? { altitude: round(c.altitude, 1) } : {}),
          accuracy: round(c.accuracy, 1),
        });
      },
      // The device's own message when it gives one, else the spec's.
      (e) => reject(new LocateError(e.message?.trim() ? e.message : GEO_MESSAGES.failed)),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
    );
  });
}

const round = (n: number, digits: number): number => Number(n.toFixed(digits));
