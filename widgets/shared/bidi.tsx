// Numbers inside a sentence keep their own order in any direction. Digits, '+', spaces and separators
// are weak or neutral for the Unicode bidi algorithm, so in an Arabic hint 'مثل +254 712 345678' the
// groups of a phone number come out reversed ('345678 712 254+'). Each such run is isolated
// (<bdi dir="ltr">), which leaves the sentence around it alone. So is '[No value]', the placeholder of
// an empty label reference, which in Arabic otherwise reads 'No] value]'.
import type { ReactNode } from 'react';
import { NO_VALUE } from '../../engine/survey/index';

const escaped = NO_VALUE.replace(/[[\]]/g, '\\$&');
const NUMBER_RUN = new RegExp(`\\+?\\d(?:[\\d\\s.,:/()-]*\\d)?|${escaped}`, 'g');

/** The text with its runs of digits (and '[No value]') isolated; the string itself when it has none (the common case). */
export function isolateNumbers(text: string): ReactNode {
  if (!/\d/.test(text) && !text.includes(NO_VALUE)) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(NUMBER_RUN)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(
      <bdi dir="ltr" key={m.index}>
        {m[0]}
      </bdi>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
