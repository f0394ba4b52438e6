import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/sequencer';
import { E2E_WORKERS, TEST_WORKERS } from './tests/support/workers';

// One test run, six projects. The API files are not isolated: each builds its own app on its own
// database, and a worker importing the server once instead of once per file saves most of their start.
// The API suite runs twice: once on embedded PGlite and once on
// PostgreSQL (TEST_DATABASE_URL); its file-carrying part a third time with files in an S3 bucket. tests/run.ts decides whether the PostgreSQL project can run.
const apiTests = ['tests/api/**/*.test.ts'];
const unitTests = ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'];
// The unit files that replace a module with vi.mock.
const unitMocking = ['tests/unit/fill/expression-trees.test.ts'];
// The worker threads run the compiled server, so the API suites build it first when it is stale; then
// the template databases every API file starts from (tests/support/templates.ts) are made.
const apiSetup = ['tests/support/buildServer.ts', 'tests/support/templates.ts'];
// The API files that carry files run once more with FILE_STORAGE on an S3 server the run starts
// (s3rver, tests/support/s3.ts), on PGlite: the flows that put, send and remove stored files, not the
// whole suite a third time.
const s3Tests = [
  'tests/api/surveys.submit.files.test.ts',
  'tests/api/surveys.data-export-jobs.test.ts',
  'tests/api/tickets.test.ts',
  'tests/api/account.area.test.ts',
  'tests/api/security/content/media.test.ts',
  'tests/api/surveys.pulldata.test.ts',
  'tests/api/storage.purge.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: TEST_WORKERS,
    env: { TZ: 'UTC' },
    // Longest files first (tests/support/sequencer.ts), so that no long file is left for the end.
    sequence: { sequencer: LongestFirst },
    // expect.poll's default second is shorter than what the product allows itself on a loaded machine (a
    // question's error is checked again when the page is idle, at the latest a second later): a CI run's
    // poll on a busy machine timed out where the page was right. A poll that should fail still fails.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        // 20 s, not 5: in CI the unit files share two cores with the API files, and a property test or a
        // 2,000-question survey that takes 2 s alone can take 8 there. A test that hangs still fails.
        // Not isolated: a worker imports the engine, the widgets and React once for all its files instead of
        // once per file (the imports took more time than the tests). A file that replaces a module
        // (vi.mock) would leak its mock into the next files: those run isolated, in unit-isolated.
        test: {
          name: 'unit',
          include: unitTests,
          exclude: unitMocking,
          environment: 'node',
          testTimeout: 20_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unitMocking, environment: 'node', testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: apiTests,
          isolate: false,
          globalSetup: apiSetup,
          env: { TEST_DB: 'pglite', TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: apiTests,
          isolate: false,
          globalSetup: apiSetup,
          env: { TEST_DB: 'postgres', TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-s3',
          include: s3Tests,
          isolate: false,
          globalSetup: [...apiSetup, 'tests/support/s3.ts'],
          env: { TEST_DB: 'pglite', TEST_STORAGE: 's3', TZ: 'UTC' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // More workers than the others, so after them: vitest runs projects of one group order together.
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 1 },
          // A browser test that fails is run once more before it fails the run: on 2 cores, four browsers
          // and their servers, a wait can outlast its timeout. One that fails twice is a fault.
          retry: 1,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
