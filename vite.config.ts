import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The SPA. Pages are lazy chunks (see src/app/routes.ts), so the public fill route does not carry
// the builder or the admin screens.
export default defineConfig({
  plugins: [
    react(),
    // The service worker of src/offline/sw.ts, with the built files as its precache list. It is
    // registered by src/offline/register.ts, in production builds only.
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
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    // See src/vendor/markdown-stub.tsx: the fill route cannot afford a Markdown parser nobody uses.
    alias: [{ find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./src/vendor/markdown-stub.tsx', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: { port: 5173 },
});
