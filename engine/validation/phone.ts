// Phone numbers, read by libphonenumber: the account forms and the survey validator share it. In the
// browser build the library arrives on demand (widgets/phone/numbers.ts, swapped in by vite.config.ts):
// until it is there no number is valid, so the pages load it before they check one.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

export const DEFAULT_PHONE_REGION: CountryCode = 'US';

/** A phone number is valid when libphonenumber accepts it, national numbers read as US by default. */
export function isValidPhone(phone: string, region: CountryCode = DEFAULT_PHONE_REGION): boolean {
  const parsed = parsePhoneNumberFromString(phone, region);
  return parsed !== undefined && parsed.isValid();
}

/** E.164 form for storage, or undefined when not a valid number. */
export function normalizePhone(phone: string, region: CountryCode = DEFAULT_PHONE_REGION): string | undefined {
  const parsed = parsePhoneNumberFromString(phone, region);
  return parsed?.isValid() ? parsed.number : undefined;
}
