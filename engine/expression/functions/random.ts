// Randomness, drawn from env.random when given so tests and replays are repeatable.
import { fn, type Scope } from './types';

const HEX = '0123456789abcdef';
const TOKEN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const pick = (scope: Scope, alphabet: string): string => alphabet.charAt(Math.floor(scope.random() * alphabet.length));

/** RFC 4122 version 4 layout. */
function uuid4(scope: Scope): string {
  let out = '';
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) out += '-';
    else if (i === 14) out += '4';
    else if (i === 19) out += HEX.charAt(8 + Math.floor(scope.random() * 4));
    else out += pick(scope, HEX);
  }
  return out;
}

export const randomFunctions = {
  random: fn([], 'number', (scope) => scope.random(), { volatile: true }),
  /** uuid() a version 4 UUID; uuid(n) a random token of n letters and digits. */
  uuid: fn(
    ['number?'],
    'string',
    (scope, length) => {
      if (length === undefined) return uuid4(scope);
      let out = '';
      for (let i = 0; i < length; i++) out += pick(scope, TOKEN);
      return out;
    },
    { volatile: true },
  ),
} as const;
