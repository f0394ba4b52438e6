// The SPA. Pages are lazy chunks (see src/app/routes.ts), so the public fill route does not carry the
// builder or the admin screens. The plugins, each with the reason it exists, are in build/vite/.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { chakraDefaultThemeIsPure } from './build/vite/chakraDefaultThemeIsPure';
import { compiledOnLoad } from './build/vite/compiledOnLoad';
import { fillRouteChunks } from './build/vite/fillRouteChunks';
import { onDemand, rjsfUriStandIn } from './build/vite/onDemand';
import { fromRoot } from './build/vite/paths';
import { fillRouteOnly } from './build/vite/precache';
import { preloadStart } from './build/vite/preloadStart';
import { builderEngineIsPure, chakraRecipesArePure } from './build/vite/pureModules';
import { rjsfChakraUsesOurSystem } from './build/vite/rjsfChakraUsesOurSystem';
import { wholeJson } from './build/vite/wholeJson';

export default defineConfig({
  plugins: [
    onDemand(),
    wholeJson(),
    builderEngineIsPure(),
    chakraRecipesArePure(),
    rjsfUriStandIn(),
    chakraDefaultThemeIsPure(),
    rjsfChakraUsesOurSystem(),
    preloadStart(),
    react(),
    compiledOnLoad(),
    // Brotli (best quality: done once) and gzip beside every text asset; the server sends the one the
    // browser accepts. A respondent on 400 kbit/s downloads about a quarter of the bytes.
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/, threshold: 1024 }),
    // The service worker of src/offline/sw.ts, with the fill route's built files as its precache list. It
    // is registered by src/offline/register.ts, in production builds only.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Field Survey',
        short_name: 'Field Survey',
        description: 'Survey and field data collection for humanitarian and development organizations',
        theme_color: '#1a365d',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,json}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        manifestTransforms: [fillRouteOnly(fromRoot('dist'))],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // See src/vendor/markdown-stub.tsx: the fill route cannot afford a Markdown parser nobody uses.
    alias: [{ find: /^markdown-to-jsx(\/react)?$/, replacement: fromRoot('src/vendor/markdown-stub.tsx') }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: read by the precache list and the size check (never served: the server
    // ignores dot-folders).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: { output: { codeSplitting: { groups: fillRouteChunks() } } },
  },
  server: { port: 5173 },
});
