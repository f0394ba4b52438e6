// Numbers as XPath 1.0 writes and reads them, and rounding as ODK Collect (JavaRosa) does it.

const XPATH_NUMBER = /^[\t\n\r ]*-?(?:\d+(?:\.\d*)?|\.\d+)[\t\n\r ]*$/;

/** XPath 1.0 number(): digits with an optional fraction and minus sign, nothing else. */
export function parseNumber(text: string): number {
  return XPATH_NUMBER.test(text) ? Number(text) : NaN;
}

/** XPath 1.0 string(number): no exponent notation, integers without a decimal point. */
export function formatNumber(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (n === 0) return '0';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  const text = String(n);
  return text.includes('e') ? expandExponent(text) : text;
}

/** '1.5e-7' -> '0.00000015', '1e+21' -> '1000000000000000000000'. */
function expandExponent(text: string): string {
  const negative = text.startsWith('-');
  const [mantissa = '', exponentText = '0'] = (negative ? text.slice(1) : text).split('e');
  const exponent = Number(exponentText);
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let body: string;
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`;
  else if (point >= digits.length) body = digits + '0'.repeat(point - digits.length);
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${body}` : body;
}

/**
 * round(x, digits) on the decimal text of x, halves toward positive infinity: round(1.005, 2) is 1.01
 * (binary arithmetic would give 1), round(-2.5) is -2. Negative digits round to tens, hundreds, ...
 */
export function roundHalfUp(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const places = Number.isFinite(digits) ? Math.trunc(digits) : 0;
  const quick = roundQuickly(x, places);
  if (quick !== undefined) return quick;
  const plain = formatNumber(Math.abs(x));
  const dot = plain.indexOf('.');
  const whole = dot === -1 ? plain : plain.slice(0, dot);
  const all = dot === -1 ? plain : whole + plain.slice(dot + 1);
  const point = whole.length;
  const cut = point + places;
  if (cut >= all.length) return x;
  if (cut < 0) return 0;
  const dropped = all.charCodeAt(cut) - 48;
  const rest = all.slice(cut + 1);
  const exactHalf = dropped === 5 && !/[1-9]/.test(rest);
  const up = dropped > 5 || (dropped === 5 && (x > 0 || !exactHalf));
  const kept = all.slice(0, cut);
  const rounded = up ? increment(kept) : kept;
  const shift = rounded.length - kept.length;
  let text: string;
  if (cut <= point) text = rounded + '0'.repeat(point - cut);
  else text = `${rounded.slice(0, point + shift)}.${rounded.slice(point + shift)}`;
  const magnitude = Number(text === '' || text === '.' ? '0' : text);
  return magnitude === 0 ? 0 : x < 0 ? -magnitude : magnitude;
}

/**
 * Binary scaling gives the decimal answer whenever the scaled value is not within rounding noise
 * of a half: an integer divided by an exact power of ten is the double nearest the decimal.
 */
function roundQuickly(x: number, places: number): number | undefined {
  if (places < 0 || places > 15) return undefined;
  const scale = 10 ** places;
  const scaled = x * scale;
  if (!(Math.abs(scaled) < 1e9)) return undefined;
  const floor = Math.floor(scaled);
  const fraction = scaled - floor;
  if (Math.abs(fraction - 0.5) < 1e-6) return undefined;
  const rounded = (fraction > 0.5 ? floor + 1 : floor) / scale;
  return rounded === 0 ? 0 : rounded;
}

/** Adds one to a string of decimal digits ('' counts as 0). */
function increment(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i--) {
    if (chars[i] !== '9') {
      chars[i] = String.fromCharCode((chars[i] ?? '0').charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return `1${chars.join('')}`;
}

/** int(): toward zero, without producing -0. */
export function truncate(x: number): number {
  const t = Math.trunc(x);
  return t === 0 ? 0 : t;
}
