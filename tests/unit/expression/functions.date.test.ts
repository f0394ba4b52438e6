import { describe, expect, it } from 'vitest';
import { ev, evaluatesTo, failure, type Case } from './helpers';

const check = (cases: readonly Case[]) => it.each(cases)('%s -> %j', (expression, expected) => evaluatesTo(expression, expected));

describe('today and now (pinned by env.now)', () => {
  check([
    ['today()', '2024-06-15'],
    ['now()', '2024-06-15T10:30:00.000+00:00'],
    ['number(today())', 19889],
    ['today() + 1', 19890],
    ["format-date(today() - 1, '%Y-%m-%d')", '2024-06-14'],
    ['date(${dob}) < today()', true],
    ['today() > ${dob}', true],
  ]);
  it('follows the respondent time zone', () => {
    expect(ev('today()', { now: new Date('2024-06-15T22:30:00Z'), timeZoneOffset: 180 })).toBe('2024-06-16');
    expect(ev('now()', { now: new Date('2024-06-15T22:30:00Z'), timeZoneOffset: -300 })).toBe('2024-06-15T17:30:00.000-05:00');
  });
});

describe('date and date-time', () => {
  check([
    ["date('2024-02-29')", '2024-02-29'],
    ["date('2024-2-9')", '2024-02-09'],
    ["date('')", ''],
    ['date(${empty})', ''],
    ['date(0)', '1970-01-01'],
    ['date(19889)', '2024-06-15'],
    ['date(1.5)', '1970-01-02'],
    ['date(6.5)', '1970-01-07'],
    ['date(-1.5)', '1969-12-31'],
    ['date-time(1.5)', '1970-01-02T12:00:00.000+00:00'],
    ['date(-1)', '1969-12-31'],
    ["date-time('2024-03-01T09:15:00.000+03:00')", '2024-03-01T06:15:00.000+00:00'],
    ["date-time('2024-03-01 09:15')", '2024-03-01T09:15:00.000+00:00'],
    ["date('2000-02-29')", '2000-02-29'],
    ["date(date('2024-01-31') + 1)", '2024-02-01'],
    ["date('1900-03-01') - date('1900-02-28')", 1],
  ]);
  it.each([
    "date('19889')",
    "date('2023-02-29')",
    "date('1900-02-29')",
    "date('2024-13-01')",
    "date('2024-04-31')",
    "date('abc')",
    'date(true())',
  ])('%s is an invalid date', (expression) => {
    const error = failure(expression);
    expect(error.code).toBe('evaluation');
    expect(error.offset).toBe(5);
  });
});

describe('date arithmetic (days since the epoch)', () => {
  check([
    ["date('2024-03-01') - date('2024-02-01')", 29],
    ["date('2023-03-01') - date('2023-02-01')", 28],
    ["'2024-01-02' - '2024-01-01'", 1],
    ['${dob} + 0', 7441],
    ["(date('2024-06-15') - date('2024-01-15')) div (365 div 12) > 4.9", true],
    ["decimal-date-time('2024-06-15T12:00:00.000Z')", 19889.5],
    ["decimal-date-time('1970-01-01')", 0],
    ['decimal-date-time(10.25)', 10.25],
    ["decimal-date-time('')", ''],
    ["decimal-time('12:00:00.000+00:00')", 0.5],
    ["decimal-time('06:00')", 0.25],
    ["decimal-time('2024-06-15T18:00:00Z')", 0.75],
    ['decimal-time(3.25)', 0.25],
    ["decimal-time('')", ''],
    ['int((decimal-date-time(today()) - decimal-date-time(${dob})) div 365.25)', 34],
    ["date('2024-06-15') = '2024-06-15'", true],
    ["date('2024-06-15') = '2024-6-15'", true],
    ["'2024-06-15' < '2024-06-16'", true],
    ["'2024-06-15T10:00:00Z' < '2024-06-15T09:00:00-02:00'", true],
  ]);
});

describe('format-date and format-date-time', () => {
  check([
    ["format-date(${dob}, '%Y-%m-%d')", '1990-05-17'],
    ["format-date(${dob}, '%y/%n/%e')", '90/5/17'],
    ["format-date(${dob}, '%b %B %a %A')", 'May May Thu Thursday'],
    ["format-date('2024-01-05', '%d.%m.%Y %%')", '05.01.2024 %'],
    ["format-date-time(${visit_start}, '%Y-%m-%d %H:%M')", '2024-03-01 06:15'],
    ["format-date-time('2024-03-01T21:05:09.007Z', '%H %h %M %S %3')", '21 21 05 09 007'],
    ["format-date-time('2024-03-01T00:05:00Z', '%I:%M %p')", '12:05 AM'],
    ["format-date-time('2024-03-01T13:05:00Z', '%I:%M %p')", '01:05 PM'],
    ["format-date('', '%Y')", ''],
    ["format-date(${empty}, '%Y')", ''],
    ["format-date(0, '%Y-%m-%d')", '1970-01-01'],
    ["format-date('2024-02-29', 'no escapes')", 'no escapes'],
    ["format-date(today(), '%A')", 'Saturday'],
  ]);
  it('shows instants in the respondent time zone, with the offset in force on that day (DST)', () => {
    const berlin = { timeZone: 'Europe/Berlin', timeZoneOffset: undefined };
    const env = (extra: object) => ({ ...berlin, ...extra }) as never;
    expect(ev("format-date-time('2024-01-15T12:00:00Z', '%H:%M')", env({}))).toBe('13:00');
    expect(ev("format-date-time('2024-07-15T12:00:00Z', '%H:%M')", env({}))).toBe('14:00');
    expect(ev("date-time('2024-01-15T12:00:00Z')", env({}))).toBe('2024-01-15T13:00:00.000+01:00');
    expect(ev("date-time('2024-07-15T12:00:00Z')", env({}))).toBe('2024-07-15T14:00:00.000+02:00');
  });
  it('reads texts without a zone on the respondent clock: decimal-date-time is the instant, across DST', () => {
    const berlin = { timeZone: 'Europe/Berlin', timeZoneOffset: undefined } as never;
    expect(ev("decimal-date-time('2024-01-15T12:00:00')", berlin)).toBeCloseTo(19737 + 11 / 24, 12);
    expect(ev("decimal-date-time('2024-07-15T12:00:00')", berlin)).toBeCloseTo(19919 + 10 / 24, 12);
    // The Sunday clocks went forward: 01:30 and 03:30 local are one hour of real time apart.
    expect(ev("(decimal-date-time('2024-03-31T03:30:00') - decimal-date-time('2024-03-31T01:30:00')) * 24", berlin)).toBeCloseTo(1, 9);
    // The Sunday they went back: 00:30 to 03:30 local is four hours.
    expect(ev("(decimal-date-time('2024-10-27T03:30:00') - decimal-date-time('2024-10-27T00:30:00')) * 24", berlin)).toBeCloseTo(4, 9);
    expect(ev("format-date-time('2024-03-31T01:30:00', '%H:%M')", berlin)).toBe('01:30');
    expect(ev("format-date('2024-10-27', '%Y-%m-%d %H:%M')", berlin)).toBe('2024-10-27 00:00');
  });
  it('takes the host zone, DST included, when neither an offset nor a zone is given', () => {
    const host = (iso: string) => -new Date(iso).getTimezoneOffset();
    const expected = (iso: string) => (Date.parse(iso) + host(iso) * 60_000) / 86_400_000;
    const read = (iso: string) => ev(`date-time('${iso}') + 0`, { timeZoneOffset: undefined } as never) as number;
    expect(read('2024-01-15T12:00:00Z')).toBeCloseTo(expected('2024-01-15T12:00:00Z'), 9);
    expect(read('2024-07-15T12:00:00Z')).toBeCloseTo(expected('2024-07-15T12:00:00Z'), 9);
  });
  it('shows instants in the respondent time zone', () => {
    expect(ev("format-date-time(${visit_start}, '%H:%M')", { timeZoneOffset: 180 })).toBe('09:15');
    expect(ev("format-date-time(${visit_start}, '%H:%M')", { timeZoneOffset: 60 })).toBe('07:15');
  });
  it.each([
    ["format-date(${dob}, '%Q')", 20, 4],
    ["format-date(${dob}, 'ends with %')", 20, 13],
  ] as const)('%s is a format error at its position', (expression, offset, length) => {
    const error = failure(expression);
    expect(error.code).toBe('evaluation');
    expect([error.offset, error.length]).toEqual([offset, length]);
  });
  it('reports a computed bad format when evaluated', () => {
    expect(failure("format-date(${dob}, concat('%', 'Z'))").message).toMatch(/%Z/);
  });
});

// JavaRosa reads the device's default zone; here the zone is always given (env.timeZone or
// env.timeZoneOffset), so the host's never matters.
const NEW_YORK = { timeZone: 'America/New_York', timeZoneOffset: undefined } as never;

describe('numbers as dates in other time zones (JavaRosa)', () => {
  // XPathFuncExpr.toDate(n, preserveTime = true): new Date(n * DAY_IN_MS), the instant n days after
  // 1970-01-01T00:00Z; formatDateTime -> DateUtils.format reads its fields in the device's zone.
  it('format-date(), format-date-time() and date-time() read a number as days after 1970-01-01T00:00Z', () => {
    expect(ev("format-date(0, '%Y-%m-%d %H:%M')", NEW_YORK)).toBe('1969-12-31 19:00');
    expect(ev("format-date(0, '%Y-%m-%d %H:%M')", { timeZoneOffset: 180 })).toBe('1970-01-01 03:00');
    expect(ev("format-date-time(0.5, '%H:%M')", { timeZoneOffset: -300 })).toBe('07:00');
    expect(ev('date-time(0)', NEW_YORK)).toBe('1969-12-31T19:00:00.000-05:00');
  });
  it('so format-date-time(decimal-date-time(x)) shows x on the respondent clock', () => {
    expect(ev("format-date-time(decimal-date-time(${visit_start}), '%H:%M')", { timeZoneOffset: 180 })).toBe('09:15');
    expect(ev("format-date-time(decimal-date-time(now()) + 1 div 24, '%H:%M')", NEW_YORK)).toBe('07:30');
  });
  // XPathFuncExpr.toDate(n, preserveTime = false): DateUtils.dateAdd(getDate(1970, 1, 1), n), a local day.
  it('date() of a number is the calendar day, whatever the zone', () => {
    expect(ev('date(0)', NEW_YORK)).toBe('1970-01-01');
    expect(ev('date(19889.9)', { timeZoneOffset: 180 })).toBe('2024-06-15');
  });
  // XPathFuncExpr.toDecimalDateTime: a Double is returned as it is.
  it('decimal-date-time() of a number is that number in every zone', () => {
    expect(ev('decimal-date-time(10.25)', NEW_YORK)).toBe(10.25);
    expect(ev('decimal-date-time(0)', { timeZoneOffset: 180 })).toBe(0);
  });
});

describe('invalid inputs to decimal-date-time() and format-date() (JavaRosa)', () => {
  // toDate / toDecimalDateTime: an infinite Double or one outside an int is "out of range for
  // representing a date"; a text DateUtils.parseDateTime cannot read (also digits: XPathEvalTest has
  // decimal-date-time('-1000')) "can't be converted to a date"; a Boolean cannot be converted.
  it.each([
    'decimal-date-time(1 div 0)',
    'decimal-date-time(-1 div 0)',
    'decimal-date-time(2147483648)',
    "decimal-date-time('-1000')",
    "decimal-date-time('19889')",
    "decimal-date-time('-01-2019')",
    'decimal-date-time(true())',
    'decimal-time(1 div 0)',
    "format-date(1 div 0, '%Y')",
    "format-date(3000000000, '%Y')",
    "format-date('19889', '%Y')",
    "format-date('soon', '%Y')",
    "format-date(false(), '%Y')",
    "format-date-time(-2147483649, '%Y')",
  ])('%s is an error', (expression) => {
    expect(failure(expression).code).toBe('evaluation');
  });
  // NaN comes back as NaN (toDecimalDateTime) or '' (formatDateTime: not a Date), '' as ''.
  check([
    ["decimal-date-time(number('x'))", NaN],
    ["string(decimal-date-time(''))", ''],
    ["decimal-date-time('') = ''", true],
    ["format-date(number('x'), '%Y')", ''],
    ["format-date('', '%Y')", ''],
    ['decimal-date-time(2147483647)', 2147483647],
  ]);
});

describe('a date against a date-time (JavaRosa)', () => {
  // XPathCmpExpr.eval: both sides through XPathFuncExpr.toNumeric, which gives a Date's
  // DateUtils.daysSinceEpoch: whole days on the device's calendar. XPathEqExpr.eval compares two
  // Dates by XPathFuncExpr.toString, their 'yyyy-MM-dd' texts. So the date-time counts by its day.
  check([
    ["date('2024-01-01') < '2024-01-01T10:00:00+03:00'", false],
    ["date('2024-01-01') <= '2024-01-01T10:00:00+03:00'", true],
    ["date('2024-01-01') = '2024-01-01T10:00:00+03:00'", true],
    ["date('2024-01-01') < '2024-01-02T00:30:00+03:00'", false],
    ["date('2024-01-01') > '2023-12-31T23:00:00-03:00'", false],
    ["'2024-01-01T10:00:00+03:00' > ${dob}", true],
    ['${visit_start} > today()', false],
    ['${visit_start} < today()', true],
    ["'2024-01-01T10:00:00Z' < '2024-01-01T11:00:00Z'", true],
  ]);
  it("takes the date-time's day on the respondent clock", () => {
    const late = "date('2024-01-01') = '2023-12-31T22:00:00Z'";
    expect(ev(late, { timeZoneOffset: 180 })).toBe(true);
    expect(ev(late, { timeZoneOffset: 0 })).toBe(false);
    expect(ev("date('2024-01-01') > '2024-01-01T02:00:00+03:00'", NEW_YORK)).toBe(true);
  });
});
