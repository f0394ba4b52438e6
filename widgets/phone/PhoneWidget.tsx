// Phone number (100): read with libphonenumber, national numbers as US by default (spec 001 section 5).
// Stored in E.164 ('+12025550123') once valid; while it is not, the text typed is kept, and the
// validator's 'Invalid phone number' shows once the box is left. The library loads on demand
// (numbers.ts): what is typed before it is here becomes the answer when it arrives.
import type { CountryCode } from 'libphonenumber-js/min';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_PHONE_COUNTRY } from '../../engine/survey/index';
import { useAnswer } from '../runtime/hooks';
import { inputProps } from '../shared/a11y';
import { optionsOf, type QuestionWidgetProps } from '../types';
import { usePhoneNumbers, type PhoneNumbers } from './numbers';

function read(numbers: PhoneNumbers, text: string, country: CountryCode) {
  const parsed = numbers.parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed : undefined;
}

/** A stored number as the respondent reads it: '+1 202 555 0123' (as stored until the library is here). */
const shown = (numbers: PhoneNumbers | null, value: unknown, country: CountryCode): string => {
  if (typeof value !== 'string') return '';
  return (numbers && read(numbers, value, country)?.formatInternational()) ?? value;
};

/** The answer a text gives: E.164 when it is a valid number, else the text itself. */
const answerOf = (numbers: PhoneNumbers, text: string, country: CountryCode): string | undefined =>
  text.trim() === '' ? undefined : (read(numbers, text, country)?.number ?? text);

export function PhoneWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  const country = (optionsOf<{ defaultCountry: string }>(props).defaultCountry ?? DEFAULT_PHONE_COUNTRY) as CountryCode;
  const { numbers, load } = usePhoneNumbers(typeof value === 'string' && value !== '');
  const [text, setText] = useState(() => shown(numbers, value, country));
  // Typed before the library arrived: the answer is set when it does.
  const waiting = useRef<string | null>(null);
  const focused = useRef(false);
  useEffect(() => {
    // The library arrived: a stored number now reads as a number.
    if (numbers !== null && waiting.current === null && !focused.current) setText(shown(numbers, value, country));
    // Only the library's arrival matters here; answers changing elsewhere are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [numbers]);
  // The answer changed elsewhere (a draft loaded, an instance moved up): show it.
  if (numbers !== null && waiting.current === null) {
    const stale = typeof value === 'string' ? value !== text && read(numbers, text, country)?.number !== value : text.trim() !== '';
    if (stale) setText(shown(numbers, value, country));
  }
  return (
    <input
      {...inputProps(props)}
      className="fs-input fs-input-short"
      type="tel"
      // A phone number reads left to right in every language.
      dir="ltr"
      autoComplete="tel"
      inputMode="tel"
      value={text}
      onFocus={() => {
        focused.current = true;
        void load().catch(() => undefined);
      }}
      onChange={(e) => {
        const t = e.target.value.replace(/[^\d+()\-. ]/g, '');
        setText(t);
        if (numbers !== null) return set(answerOf(numbers, t, country));
        waiting.current = t;
        load().then(
          (m) => {
            if (waiting.current === null) return;
            set(answerOf(m, waiting.current, country));
            waiting.current = null;
          },
          () => {
            // No library (a chunk that could not load): the text as typed, which the validator refuses.
            if (waiting.current !== null) set(waiting.current.trim() === '' ? undefined : waiting.current);
            waiting.current = null;
          },
        );
      }}
      onBlur={() => {
        focused.current = false;
        const parsed = numbers && read(numbers, text, country);
        if (parsed) setText(parsed.formatInternational());
      }}
    />
  );
}
