// The README promises what the product does; these keep the promises true.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../../fixtures/index';
import { settings } from '../../server/config';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('documents every configuration variable with its default', () => {
    for (const [name, s] of Object.entries(settings)) {
      const row = readme.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      expect(row).toContain(s.default ? `\`${s.default}\`` : '(empty)');
    }
  });

  it('lists every demo account and the demo password', () => {
    expect(readme).toContain(DEMO_PASSWORD);
    for (const a of demoAccounts) expect(readme).toContain(a.email);
  });

  it('gives the two commands', () => {
    expect(readme).toContain('npm ci && npm start');
    expect(readme).toContain('npm ci && npm test');
  });
});
