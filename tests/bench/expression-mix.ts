// A mix of 20 typical binds and the answers they run on, shared by the Node and the
// Chromium measurements so both engines see exactly the same work.

export const MIX = [
  '${age} + 1',
  '${age} * 12 + ${months}',
  'round(${weight} div ((${height} div 100) * (${height} div 100)), 1)',
  "${age} >= 18 and ${consent} = 'yes'",
  "selected(${fruits}, 'banana')",
  'count-selected(${fruits})',
  "not(selected(${fruits}, 'none')) or count-selected(${fruits}) = 1",
  "if(${age} < 5, 'child', if(${age} < 18, 'youth', 'adult'))",
  "concat(${first_name}, ' ', ${last_name})",
  'string-length(${first_name}) > 1',
  "regex(${phone}, '^0[0-9]{9}$')",
  'substr(${phone}, 0, 3)',
  'coalesce(${nickname}, ${first_name})',
  'today()',
  "format-date(${dob}, '%Y-%m-%d')",
  'int((decimal-date-time(today()) - decimal-date-time(${dob})) div 365.25)',
  'date(${dob}) < today()',
  "format-date-time(${visit_start}, '%Y-%m-%d %H:%M')",
  '. >= 0 and . <= 120',
  'sum(${member_age}) div count(${member_age})',
] as const;

/** Index of the bind evaluated on the age question itself ('.' is the age). */
export const CURRENT_IS_AGE = 18;

export const FIELDS = {
  age: 34,
  months: 5,
  consent: 'yes',
  weight: 68.5,
  height: 171,
  fruits: 'apple banana mango',
  phone: '0712345678',
  dob: '1990-05-17',
  visit_start: '2024-03-01T09:15:00.000+03:00',
  first_name: 'Amina',
  last_name: 'Okafor',
  nickname: '',
  members: [{ member_age: 34 }, { member_age: 31 }, { member_age: 7 }, { member_age: 3 }],
};

/** The same answers as the XML instance an XForm engine holds. */
export function instanceXml(): string {
  let body = '';
  for (const [name, value] of Object.entries(FIELDS)) {
    if (Array.isArray(value)) for (const m of value) body += `<${name}><member_age>${m.member_age}</member_age></${name}>`;
    else body += `<${name}>${String(value)}</${name}>`;
  }
  return `<data>${body}</data>`;
}

/** ${name} as pyxform writes it for the XForm. */
export function toXPath(expression: string): string {
  return expression.replace(/\$\{([^}]+)\}/g, (_, name: string) => (name === 'member_age' ? '/data/members/member_age' : `/data/${name}`));
}

export interface Rate {
  readonly perSecond: number;
  readonly runs: number;
}

/** Calls `step` (which does `batch` evaluations) for about `ms` milliseconds; evaluations per second. */
export function measure(step: () => void, batch: number, ms: number, now: () => number): Rate {
  const start = now();
  let runs = 0;
  let elapsed = 0;
  do {
    step();
    runs += batch;
    elapsed = now() - start;
  } while (elapsed < ms);
  return { perSecond: (runs / elapsed) * 1000, runs };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}
