// The entry loads src/app/start.tsx on demand (so that its own small file can ask for a survey early), which
// would leave the browser to learn of 'app' only once the entry has run: named in index.html instead, it
// downloads from the start on every address, as when it was a static import.
import type { Plugin } from 'vite';
import { APP_ROOT } from './fillRouteChunks';

export const preloadStart = (): Plugin => ({
  name: 'preload-start',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      const bundle = ctx.bundle ?? {};
      const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === APP_ROOT);
      if (!start) return [];
      const files = new Set<string>();
      const visit = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        const chunk = bundle[file];
        for (const i of chunk?.type === 'chunk' ? chunk.imports : []) visit(i);
      };
      visit(start.fileName);
      return [...files]
        .filter((f) => !html.includes(`/${f}"`))
        .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const }));
    },
  },
});
