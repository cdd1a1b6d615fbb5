import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routesDirectory: './src/routes' }),
    react(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080' },
  },
});
