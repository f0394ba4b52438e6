import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA. Pages are lazy chunks (see src/app/routes.ts), so the public fill route does not carry
// the builder or the admin screens.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 900 },
  server: { port: 5173 },
});
