// A JSON file imported whole as a module of its own (src/i18n/index.ts): Vite's JSON plugin takes the
// query, and the bundler keeps it apart from the same file's named imports.
declare module '*.json?all' {
  const value: Record<string, unknown>;
  export default value;
}
