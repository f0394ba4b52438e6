// `import('./x.json?all')`: the whole file as a module apart from the same file's named imports (which keep
// only the keys they name). src/i18n/index.ts loads the English texts of every screen so; Vite's JSON
// plugin does not take the query.
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

export const wholeJson = (): Plugin => ({
  name: 'whole-json',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('.json?all')) return null;
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(JSON.parse(readFileSync(id.slice(0, -'?all'.length), 'utf8'))))});`;
  },
});
