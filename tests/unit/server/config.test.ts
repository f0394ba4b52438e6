// The settings an operator gives decide how the server runs; a wrong one stops it at start with its name.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';

const base = { DATA_DIR: '/tmp/fieldsurvey-config-test', JWT_SECRET: 'config-test-secret-of-sufficient-length' };
const pg = { ...base, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };

describe('WORKERS', () => {
  it('serves from one process unless asked', () => {
    expect(loadConfig(pg).workers).toBe(1);
  });

  it('takes a number, or auto for one process per core, with PostgreSQL', () => {
    expect(loadConfig({ ...pg, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...pg, WORKERS: 'auto' }).workers).toBe(availableParallelism());
  });

  it('keeps the embedded database to one process', () => {
    expect(loadConfig({ ...base, WORKERS: '4' }).workers).toBe(1);
  });

  it('refuses what is not a worker count, naming the setting', () => {
    for (const bad of ['0', 'two', '1.5', '100']) expect(() => loadConfig({ ...pg, WORKERS: bad })).toThrow(/WORKERS/);
  });
});
