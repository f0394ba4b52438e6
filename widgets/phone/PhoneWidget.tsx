// Phone number (100): read with libphonenumber, national numbers as US by default (spec 001 section 5).
// Stored in E.164 ('+12025550123') once valid; while it is not, the text typed is kept, and the
// validator's 'Invalid phone number' shows once the box is left.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useState } from 'react';
import { DEFAULT_PHONE_COUNTRY } from '../../engine/survey/index';
import { useAnswer } from '../runtime/hooks';
import { inputProps } from '../shared/a11y';
import { optionsOf, type QuestionWidgetProps } from '../types';

function read(text: string, country: CountryCode) {
  const parsed = parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed : undefined;
}

/** A stored number as the respondent reads it: '+1 202 555 0123'. */
const shown = (value: unknown, country: CountryCode): string => {
  if (typeof value !== 'string') return '';
  return read(value, country)?.formatInternational() ?? value;
};

export function PhoneWidget(props: QuestionWidgetProps) {
  const [value, set] = useAnswer(props);
  const country = (optionsOf<{ defaultCountry: string }>(props).defaultCountry ?? DEFAULT_PHONE_COUNTRY) as CountryCode;
  const [text, setText] = useState(() => shown(value, country));
  // The answer changed elsewhere (a draft loaded, an instance moved up): show it.
  const stale = typeof value === 'string' ? value !== text && read(text, country)?.number !== value : text.trim() !== '';
  if (stale) setText(shown(value, country));
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
      onChange={(e) => {
        const t = e.target.value.replace(/[^\d+()\-. ]/g, '');
        setText(t);
        const parsed = read(t, country);
        set(t.trim() === '' ? undefined : (parsed?.number ?? t));
      }}
      onBlur={() => {
        const parsed = read(text, country);
        if (parsed) setText(parsed.formatInternational());
      }}
    />
  );
}
