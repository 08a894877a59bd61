import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// The service worker is our own (sw/sw.ts); the plugin only injects the precache manifest.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
      manifest: {
        id: '/home',
        name: 'Historical Newspaper Archive',
        short_name: 'Archive',
        lang: 'en-US',
        description: 'Browse, search and read digitised historical newspapers, online and offline.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        background_color: '#f6f1e7',
        // The installed app's first colour; at run time meta theme-color follows the site's PrimaryColor.
        theme_color: '#5b2a0e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  worker: { format: 'es' },
  // The manifest lets the server name a screen's chunks in the HTML it serves (server/services/route-preload.ts).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
  server: { proxy: { '/Api': 'http://127.0.0.1:8080', '/iiif': 'http://127.0.0.1:8080' } },
});
