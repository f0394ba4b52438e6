// Numbers inside a sentence keep their own order in any direction. Digits, '+', spaces and separators
// are weak or neutral for the Unicode bidi algorithm, so in an Arabic hint 'مثل +254 712 345678' the
// groups of a phone number come out reversed ('345678 712 254+'). Each such run is isolated
// (<bdi dir="ltr">), which leaves the sentence around it alone. So is '[No value]', the placeholder of
// an empty label reference, shown in the reader's language in its own direction.
import { Fragment, type ReactNode } from 'react';
import { ISOLATE_END, ISOLATE_START, NO_VALUE } from '../../engine/survey/index';
import { useText } from '../runtime/text';

/** '[No value]' in the current language: its own component, so only a label that shows one asks for texts. */
function NoValue() {
  return <>{useText()('widgets.noValue')}</>;
}

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
      m[0] === NO_VALUE ? (
        <bdi key={m.index}>
          <NoValue />
        </bdi>
      ) : (
        <bdi dir="ltr" key={m.index}>
          {m[0]}
        </bdi>
      ),
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

const ISOLATED = new RegExp(`${ISOLATE_START}([^${ISOLATE_END}]*)${ISOLATE_END}`, 'g');

/**
 * A label's text: an answer it shows (between the isolates the engine put around it) as a <bdi>, in
 * the direction of its own first strong letter, and the author's numbers isolated as above.
 */
export function isolateText(text: string): ReactNode {
  if (!text.includes(ISOLATE_START)) return isolateNumbers(text);
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(ISOLATED)) {
    if (m.index > last) parts.push(<Fragment key={`t${last}`}>{isolateNumbers(text.slice(last, m.index))}</Fragment>);
    parts.push(
      <bdi key={m.index} data-answer="">
        {m[1]}
      </bdi>,
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{isolateNumbers(text.slice(last))}</Fragment>);
  return parts;
}
