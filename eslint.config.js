// Lint: TypeScript's recommended rules, the type-aware rules that catch promises nobody waits for,
// React hooks rules for the browser code, and the import direction of ARCHITECTURE.md enforced as
// restricted-import zones.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const ours = (folders) =>
  folders.map((f) => ({
    group: [`**/${f}/*`, `**/${f}`],
    message: `This layer may not import ${f}/ (see ARCHITECTURE.md "Imports flow one way").`,
  }));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'tests/e2e/screenshots/**', '.cache/**', '.scratch*/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type information from tsconfig.json, found per file by the project service. A promise that is
    // dropped loses its rejection; one passed where a callback's result is ignored (an event handler,
    // a timer) too. A promise that truly runs detached says so with `void` and handles its own error.
    // The one met most: the data router's navigate() settles when the navigation has; a loader's failure
    // is the route's error element, and it rejects only for an address it refuses (another origin),
    // which the app's own paths never are. So `void navigate(...)`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Plain JavaScript (this file, test workers) is not part of the TypeScript program.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['engine/**/*.ts', 'schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ours(['src', 'server', 'widgets', 'fixtures']),
            {
              group: ['node:*', 'react', 'react-dom', '@chakra-ui/*', '@rjsf/*'],
              message: 'engine/ and schemas/ stay pure: no Node built-ins, no React.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'localStorage', 'sessionStorage', 'navigator', 'process'],
    },
  },
  {
    files: ['widgets/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ours(['src', 'server', 'fixtures']) }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ours(['src', 'widgets']) }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ours(['server', 'fixtures']) }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
