// Where the built product is, for code that runs compiled (dist/server/*.js: `npm start`) and from its
// sources (the tests, `npm run dev`, the benchmarks) alike. dist/ holds the front end (Vite) and, in
// dist/server/, the compiled server (build/server.ts), whose files all sit in that one folder.
import { fileURLToPath } from 'node:url';

const fromSource = import.meta.url.endsWith('.ts');

/** dist/: the built front end, the server's web root. */
export const distDir = fileURLToPath(new URL(fromSource ? '../dist/' : '../', import.meta.url));

/**
 * The worker threads' file, server/workers/tasks.ts compiled. From the sources too: a worker that loaded
 * the TypeScript through tsx compiled the server's modules again inside itself, which cost it seconds and
 * hundreds of megabytes (docs/decisions.md "Worker threads run a bundle"). So what runs from the sources
 * builds the server first when it is stale: the API tests' global setup, `npm run dev`, the benchmarks.
 */
export const workerFile = new URL(fromSource ? '../dist/server/tasks.js' : './tasks.js', import.meta.url);
