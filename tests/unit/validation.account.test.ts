// The field rules the registration form and the server share (spec 000 section 5).
import { describe, expect, it } from 'vitest';
import { isStrongPassword, isValidEmail, isValidPhone, normalizePhone, passwordChecklist } from '../../engine/validation/account';

describe('e-mail addresses', () => {
  it.each(['amina@relief.org', 'a.b_c%d+e-f@sub.example.co', 'X1@y.io'])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['1amina@relief.org', '_a@relief.org', 'amina@relief', 'amina@relief.o', 'amina relief@x.org', '', 'a@b@c.org'])(
    'refuses %s',
    (e) => expect(isValidEmail(e)).toBe(false),
  );
});

describe('passwords', () => {
  it('need 8 characters with lower and upper case, a digit and a special character', () => {
    expect(isStrongPassword('Demo-Pass-2026')).toBe(true);
    for (const weak of ['Demo-Pa1', 'demo-pass-2026', 'DEMO-PASS-2026', 'Demo-Pass-', 'DemoPass2026', 'De-1a'])
      expect(isStrongPassword(weak), weak).toBe(weak === 'Demo-Pa1');
  });
  it('report each checklist rule on its own', () => {
    expect(passwordChecklist('abc')).toEqual({ length: false, lower: true, upper: false, digit: false, special: false });
    expect(passwordChecklist('Abcdefg1!')).toEqual({ length: true, lower: true, upper: true, digit: true, special: true });
  });
});

describe('phone numbers', () => {
  it('read national numbers as US by default', () => {
    expect(isValidPhone('(202) 555-0147')).toBe(true);
    expect(normalizePhone('(202) 555-0147')).toBe('+12025550147');
  });
  it('accept international numbers', () => {
    expect(isValidPhone('+254 712 345 678')).toBe(true);
    expect(normalizePhone('+254712345678')).toBe('+254712345678');
  });
  it('refuse what cannot be a number', () => {
    for (const p of ['12', 'phone', '+1 555', '']) expect(isValidPhone(p), p).toBe(false);
  });
});
