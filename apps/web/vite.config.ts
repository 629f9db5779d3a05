import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  // Pinned so `vite build` works from the repo root as well as from apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first-load budget is checked on the bytes transferred (brotli, precompressed);
    // keep the warning meaningful for raw chunks.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Libraries every page needs get stable, named chunks: they stay cached across app
        // releases. Everything else (Mantine components, forms, tables) splits per route.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
            // zod-jitless.ts rides in zod's chunk: the chunks that build schemas load after it,
            // so zod is configured before its first schema (an entry chunk's own code runs last).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: the API runs on :3000, the SPA on Vite's port, same-origin through the proxy.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
