// `npm run dev`: the API on PORT (default 3000) and Vite's dev server with hot reload on 5173,
// forwarding /api to the API.
import { boot } from './boot';
import { loadConfig } from './config';

const config = loadConfig();
const booted = await boot(config, { log: console });
await booted.app.listen({ port: config.port, host: config.host });
const { createServer } = await import('vite');
const vite = await createServer({ server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${config.port}` } } });
await vite.listen();
vite.printUrls();
console.log(`API on http://localhost:${config.port}/api`);
