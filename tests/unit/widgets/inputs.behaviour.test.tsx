// @vitest-environment jsdom
// Input widgets: number and decimal keys, 'numbers' text, month-year, time and date-time formats,
// phone numbers, GPS (the device's position after 500 ms, the spec's messages), range and stars.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { q } from '../../../engine/survey/index';
import { GEO_MESSAGES } from '../../../widgets/index';
import { blur, click, mountSurvey, question, settle, settleUntil, type, type MountedForm } from './support';
import { loadPhoneNumbers } from '../../../widgets/phone/numbers';

// The phone widget reads numbers once libphonenumber is here (it loads on demand: phone.on-demand.test.tsx).
beforeAll(() => loadPhoneNumbers());

let m: MountedForm | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
const frame = (path: string) => question(m!.container, path);
const input = (path: string, selector = 'input') => frame(path).querySelector<HTMLInputElement>(selector)!;

function press(el: HTMLElement, key: string): boolean {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  act(() => void el.dispatchEvent(e));
  return e.defaultPrevented;
}

describe('numbers', () => {
  it("refuse '.' and ',' in a number, allow a sign, store a number", () => {
    m = mountSurvey([q.integer('n').label('N')]);
    expect(press(input('n'), '.')).toBe(true);
    expect(press(input('n'), ',')).toBe(true);
    expect(press(input('n'), '5')).toBe(false);
    type(input('n'), '-12.5x');
    expect(input('n').value).toBe('-125');
    expect(m.runtime.data()).toEqual({ n: -125 });
  });

  it('take one decimal point and no sign in a decimal', () => {
    m = mountSurvey([q.decimal('d').label('D')]);
    expect(press(input('d'), '-')).toBe(true);
    type(input('d'), '3.1.4');
    expect(m.runtime.data()).toEqual({ d: 3.14 });
  });

  it('show thousands separators for a number with an appearance', () => {
    m = mountSurvey([q.integer('n').label('N').appearance('thousands-sep')]);
    type(input('n'), '1234567');
    blur(input('n'));
    expect(input('n').value).toBe('1,234,567');
    expect(m.runtime.data()).toEqual({ n: 1234567 });
  });

  it("keep 'numbers' text to digits, as text", () => {
    m = mountSurvey([q.text('code').label('Code').appearance('numbers')]);
    type(input('code'), '00a7.1');
    expect(m.runtime.data()).toEqual({ code: '0071' });
  });
});

describe('dates and times', () => {
  it('store a month-year as the first of the month, a date-time as date and time', () => {
    m = mountSurvey([q.date('month').label('Month').appearance('month-year'), q.time('t').label('T'), q.datetime('dt').label('DT')]);
    expect(input('month').type).toBe('month');
    type(input('month'), '2026-03');
    type(input('t'), '07:05');
    type(input('dt'), '2026-03-04T07:05');
    expect(m.runtime.data()).toEqual({ month: '2026-03-01', t: '07:05', dt: '2026-03-04 07:05' });
  });
});

describe('phone numbers', () => {
  it("store E.164, national numbers as US, and say 'Invalid phone number' once left", async () => {
    m = mountSurvey([q.phone('p').label('Phone')]);
    type(input('p'), '202 555 0123');
    expect(m.runtime.data()).toEqual({ p: '+12025550123' });
    type(input('p'), '12');
    blur(input('p'));
    await settleUntil(() => frame('p').querySelector('[data-testid="field-error"]') !== null);
    expect(frame('p').querySelector('[data-testid="field-error"]')?.textContent).toBe('Invalid phone number');
  });
});

describe('GPS', () => {
  it('asks the device with high accuracy and a 10 s timeout and fills the values in 500 ms later', async () => {
    vi.useFakeTimers();
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail: PositionErrorCallback, opts: PositionOptions) => {
      expect(opts).toMatchObject({ enableHighAccuracy: true, timeout: 10_000 });
      ok({ coords: { latitude: 1.2345678, longitude: 36.8, altitude: null, accuracy: 8 } } as GeolocationPosition);
    });
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    m = mountSurvey([q.geopoint('gps').label('Where')]);
    click(frame('gps').querySelector('[data-testid="gps-locate"]'));
    await act(async () => void (await Promise.resolve()));
    expect(frame('gps').querySelector('[data-testid="gps-locate"]')!.textContent).toContain('Getting location...');
    expect(m.runtime.data()).toEqual({});
    await act(async () => void vi.advanceTimersByTime(500));
    expect(m.runtime.data()).toEqual({ gps: '1.234568 36.8 0 8' });
  });

  it("says 'Geolocation is not supported by this browser.' without geolocation", async () => {
    vi.stubGlobal('navigator', {});
    m = mountSurvey([q.geopoint('gps').label('Where')]);
    click(frame('gps').querySelector('[data-testid="gps-locate"]'));
    await settle();
    expect(frame('gps').querySelector('[data-testid="field-error"]')?.textContent).toBe(GEO_MESSAGES.unsupported);
  });

  it('takes typed coordinates and refuses them out of range', async () => {
    m = mountSurvey([q.geopoint('gps').label('Where')]);
    const [lat, lon] = [...frame('gps').querySelectorAll('input')];
    type(lat!, '95');
    expect(m.runtime.data()).toEqual({});
    type(lon!, '10');
    expect(m.runtime.data()).toEqual({ gps: '95 10' });
    blur(lon!);
    await settle();
    expect(frame('gps').querySelector('[data-testid="field-error"]')?.textContent).toBe('Latitude must be between -90 and 90');
  });
});

describe('range', () => {
  it("shows 'end' stars for the 'rating' appearance; the chosen star again clears", () => {
    m = mountSurvey([q.range('stars').label('Stars').appearance('rating').parameters('start=1 end=7')]);
    const stars = frame('stars').querySelectorAll('button');
    expect(stars).toHaveLength(7);
    click(stars[3]!);
    expect(m.runtime.data()).toEqual({ stars: 4 });
    click(stars[3]!);
    expect(m.runtime.data()).toEqual({});
  });

  it('is a slider past 11 values, with its start, end and step', () => {
    m = mountSurvey([q.range('r').label('R').parameters('start=0 end=100 step=5')]);
    const slider = input('r', 'input[type=range]');
    expect([slider.min, slider.max, slider.step]).toEqual(['0', '100', '5']);
    type(slider, '35');
    expect(m.runtime.data()).toEqual({ r: 35 });
  });
});
