// Wrong passwords from one address must not lock the owner out. Failures slow down
// only the (account, address) pair that made them; the owner from their own address still gets in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../support/app';
import { callFrom } from '../../support/fromAddress';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (address: string, email: string, password: string) =>
  callFrom<{ token: string | null; retryAfterSeconds?: number }>(t, address, 'POST', '/api/Account/login', { body: { email, password } });

describe('sign-in failures', () => {
  it("ten wrong passwords from an attacker's address leave the owner's own sign-in working", async () => {
    for (let i = 0; i < 10; i++) await login('203.0.113.66', 'admin@demo.test', `Wrong-guess-${i}!`);
    const owner = await login('198.51.100.7', 'admin@demo.test', DEMO_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.data.token).toMatch(/^ey/);
  });

  it('slow the guessing pair down instead of locking it: wait, then try again', async () => {
    const attacker = '203.0.113.77';
    for (let i = 0; i < 5; i++) {
      const r = await login(attacker, 'manager@demo.test', `Wrong-guess-${i}!`);
      expect(r.body.message).toBe('Invalid login attempt!');
    }
    // After five failures the pair waits a second before its next try, even with the right password.
    const early = await login(attacker, 'manager@demo.test', DEMO_PASSWORD);
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(early.body.data).toEqual({ retryAfterSeconds: 1 });
    expect(early.headers['retry-after']).toBe('1');

    await new Promise((r) => setTimeout(r, 1100));
    expect((await login(attacker, 'manager@demo.test', 'Wrong-again-1!')).body.message).toBe('Invalid login attempt!');
    // Each further failure doubles the wait.
    const slower = await login(attacker, 'manager@demo.test', DEMO_PASSWORD);
    expect(slower.status).toBe(429);
    expect(slower.body.data).toEqual({ retryAfterSeconds: 2 });

    // The same account from another address is not slowed at all.
    expect((await login('198.51.100.8', 'manager@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('a pair that gets in starts afresh', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < 4; i++) await login(address, 'senior@demo.test', `Typo-${i}!`);
    expect((await login(address, 'senior@demo.test', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(address, 'senior@demo.test', `Typo-${i}!`)).status).toBe(400);
    expect((await login(address, 'senior@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts unknown addresses like known ones, so the answers reveal nothing', async () => {
    const address = '203.0.113.88';
    for (let i = 0; i < 5; i++)
      expect((await login(address, 'nobody@demo.test', `Guess-${i}!`)).body.message).toBe('Invalid login attempt!');
    expect((await login(address, 'nobody@demo.test', 'Guess-6!')).status).toBe(429);
  });
});

describe('sign-ins from one address', () => {
  it('count only failures: an office signing many people in is never refused', async () => {
    const office = '198.51.100.50';
    for (let i = 0; i < 55; i++) expect((await login(office, 'junior@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('refuse an address after 50 failures across accounts, even the right password', async () => {
    const guesser = '203.0.113.200';
    for (let i = 0; i < 50; i++) await login(guesser, `nobody-${i}@demo.test`, 'Wrong-guess-1!');
    const r = await login(guesser, 'guest@demo.test', DEMO_PASSWORD);
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBeDefined();
  });
});
