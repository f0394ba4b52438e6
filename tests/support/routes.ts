// Every route the app serves, read from Fastify's own route tree, so a test can demand that a table
// of routes is complete. printRoutes draws a tree whose child lines extend their parent's path.
import type { App } from '../../server/app';

export interface RouteKey {
  method: string;
  url: string;
}

export function listRoutes(app: App): RouteKey[] {
  const out: RouteKey[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const [, segment = '', methods] = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(m[2]!) ?? [];
    const url = (depth > 0 ? (stack[depth - 1] ?? '') : '') + segment;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) if (method !== 'HEAD') out.push({ method, url });
  }
  return out;
}
