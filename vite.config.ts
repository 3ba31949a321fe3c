import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // Code the browser and the servers share by design (model catalog, provider API limits, status texts).
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
    },
  },
  // Only VITE_SUPABASE_URL / VITE_SUPABASE_PUBLISHABLE_KEY (public values) may reach the bundle;
  // provider keys have no VITE_ prefix and stay on the server.
  envPrefix: ['VITE_SUPABASE_'],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json: the chunk graph `npm run size` reads (scripts/check-bundle-size.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // React Router in one chunk of its own, named, whichever lazy routes share it: otherwise
        // the bundler names it after a hash once a lazy chunk imports it too, and its budget
        // (bundle-budget.json) cannot find it.
        manualChunks: (id) => (/[\\/]node_modules[\\/]react-router[\\/]/.test(id) ? 'router' : undefined),
      },
    },
  },
});
