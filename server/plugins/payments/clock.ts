// The billing clock. Production reads the wall clock; tests (and only tests: createApp never exposes
// advance() through a route) move it forward to see trials end, periods renew and reminders fall due.
export interface Clock {
  now(): Date;
}

export interface TestClock extends Clock {
  advance(ms: number): void;
  advanceDays(days: number): void;
}

export const systemClock: Clock = { now: () => new Date() };

/** The wall clock moved ahead by a fixed number of days (SANDBOX_CLOCK_DAYS, demonstrations of the sandbox). */
export const aheadClock = (days: number): Clock => ({ now: () => new Date(Date.now() + days * 86_400_000) });

export function testClock(start: Date = new Date()): TestClock {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      if (!(ms >= 0)) throw new Error('the billing clock only moves forward');
      offset += ms;
    },
    advanceDays(days) {
      this.advance(days * 86_400_000);
    },
  };
}
