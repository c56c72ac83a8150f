import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In dev the API runs on its own port (npm run dev); in production the server serves dist/.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // Two pages: the app (index.html, every route but a first visit to `/`) and the static landing
    // page (landing.html, filled in by prerender.mjs after this build; decision 043).
    rolldownOptions: { input: { main: 'index.html', landing: 'landing.html' } },
  },
});
