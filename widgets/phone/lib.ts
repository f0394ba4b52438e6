// What the phone widget and the validator use of libphonenumber: the chunk loaded on demand
// (numbers.ts) carries only this, not the whole library.
export { parsePhoneNumberFromString } from 'libphonenumber-js/min';
