// libphonenumber on demand: with its metadata it is 29 KiB gzip, close to a tenth of the fill route, and
// most fill-ins never hold a phone number. The phone widget loads it when focused or when it shows a
// number; the fill page before a submit; the registration form when it opens. In the browser build this
// module also stands in for 'libphonenumber-js/min' in engine/validation/phone.ts (vite.config.ts), so
// the survey validator reads numbers with the same copy once it is here - and finds none valid before,
// which is why the pages load it first. Node (the server, the tests) imports the library itself.
import type { CountryCode, PhoneNumber } from 'libphonenumber-js/min';
import type * as Lib from './lib';
import { useEffect, useState } from 'react';
import { onDemand } from '../shared/onDemand';

export type PhoneNumbers = typeof Lib;

const library = onDemand(() => import('./lib'));

/** The library, from its own chunk (precached by the service worker, so offline too). */
export const loadPhoneNumbers = (): Promise<PhoneNumbers> => library.load();

export const phoneNumbers = (): PhoneNumbers | null => library.current();

/** What engine/validation/phone.ts uses of the library. */
export function parsePhoneNumberFromString(text: string, country?: CountryCode): PhoneNumber | undefined {
  return library.current()?.parsePhoneNumberFromString(text, country);
}

/** The library once it is here (null before), and a way to ask for it; `now` asks at once. */
export function usePhoneNumbers(now: boolean): { numbers: PhoneNumbers | null; load: () => Promise<PhoneNumbers> } {
  const [numbers, setNumbers] = useState(phoneNumbers);
  const load = () => {
    const p = loadPhoneNumbers();
    p.then(
      (m) => setNumbers(() => m),
      () => undefined,
    );
    return p;
  };
  useEffect(() => {
    if (!now || numbers !== null) return;
    let live = true;
    loadPhoneNumbers().then(
      (m) => live && setNumbers(() => m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [now, numbers]);
  return { numbers, load };
}
