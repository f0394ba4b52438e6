// The text box of number, decimal and the 'numbers' text appearance (spec 001 section 5): keys that
// cannot belong to the number are refused as typed, pasted text is cleaned, and what is stored is a
// number (or, for 'numbers' text, the digits). The box keeps what is typed ('-', '3.') while it is not
// a number yet; the answer follows when it is.
import { useState, type KeyboardEvent } from 'react';
import { inputProps } from './a11y';

export type NumberMode =
  /** Number: an integer; '.' and ',' are refused. */
  | 'integer'
  /** Number with an appearance: digits, one decimal point, thousands separators shown. */
  | 'grouped'
  /** Decimal: at least 0, step 0.01. */
  | 'decimal'
  /** Text with 'numbers': a non-negative integer kept as text. */
  | 'digits'
  /** Coordinates: a sign, digits, one decimal point. */
  | 'signed';

const REFUSED: Record<NumberMode, RegExp> = {
  integer: /^[.,eE+]$/,
  grouped: /^[eE+]$/,
  decimal: /^[,eE+-]$/,
  digits: /^[.,eE+-]$/,
  signed: /^[,eE+]$/,
};

/** Only what the mode allows, from pasted or typed text. */
export function clean(mode: NumberMode, text: string): string {
  switch (mode) {
    case 'digits':
      return text.replace(/\D/g, '');
    case 'integer':
      return text.replace(/[^\d-]/g, '').replace(/(?!^)-/g, '');
    case 'grouped': {
      const t = text.replace(/[^\d.,-]/g, '').replace(/(?!^)-/g, '');
      const dot = t.indexOf('.');
      return dot < 0 ? t : t.slice(0, dot + 1) + t.slice(dot + 1).replace(/\./g, '');
    }
    case 'decimal':
    case 'signed': {
      const t = text
        .replace(/,/g, '.')
        .replace(mode === 'decimal' ? /[^\d.]/g : /[^\d.-]/g, '')
        .replace(/(?!^)-/g, '');
      const dot = t.indexOf('.');
      return dot < 0 ? t : t.slice(0, dot + 1) + t.slice(dot + 1).replace(/\./g, '');
    }
  }
}

/** The answer a box's text stands for; undefined while it is empty or not a number yet. */
export function parse(mode: NumberMode, text: string): number | string | undefined {
  if (mode === 'digits') return text === '' ? undefined : text;
  const plain = mode === 'grouped' ? text.replace(/,/g, '') : text;
  if (plain === '' || plain === '-') return undefined;
  const n = Number(plain);
  return Number.isFinite(n) ? n : undefined;
}

export function format(mode: NumberMode, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (mode === 'grouped' && typeof value === 'number') {
    const [int, frac] = String(value).split('.');
    return `${(int ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac !== undefined ? `.${frac}` : ''}`;
  }
  return String(value);
}

interface Props {
  mode: NumberMode;
  value: unknown;
  onChange: (value: number | string | undefined) => void;
  id: string;
  readonly?: boolean | undefined;
  disabled?: boolean | undefined;
  required?: boolean | undefined;
  autofocus?: boolean | undefined;
  min?: number;
  step?: number;
  className?: string;
  label?: string;
}

export function NumberInput({ mode, value, onChange, min, step, className, label, ...rest }: Props) {
  const [text, setText] = useState(() => format(mode, value));
  // The answer changed elsewhere (a calculation, a draft, another instance moving up): show it.
  const shownValue = parse(mode, text);
  if (shownValue !== value && !(shownValue === undefined && (value === undefined || value === null))) {
    const next = format(mode, value);
    if (next !== text) setText(next);
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (REFUSED[mode].test(e.key)) e.preventDefault();
  };
  return (
    <input
      {...inputProps(rest)}
      className={className ?? 'fs-input fs-input-short'}
      type="text"
      inputMode={mode === 'integer' || mode === 'digits' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onKeyDown={onKeyDown}
      onChange={(e) => {
        const t = clean(mode, e.target.value);
        setText(t);
        onChange(parse(mode, t));
      }}
      onBlur={() => {
        if (mode === 'grouped') setText(format(mode, parse(mode, text)));
      }}
      {...(min !== undefined ? { 'data-min': min } : {})}
      {...(step !== undefined ? { 'data-step': step } : {})}
      {...(label !== undefined ? { 'aria-label': label } : {})}
    />
  );
}
