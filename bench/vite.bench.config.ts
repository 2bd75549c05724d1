/**
 * Builds the benchmark pages (bench/pages/*.html) on their own, outside the app: each page holds
 * one contender (our table or AG Grid, our chart or uPlot) so their bundles and heaps never mix.
 * `vite build --config bench/vite.bench.config.ts` writes them to /tmp/bench-pages.
 */
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pages = fileURLToPath(new URL('./pages', import.meta.url));
const page = (name: string): string => fileURLToPath(new URL(`./pages/${name}.html`, import.meta.url));

export const BENCH_PAGES = ['table', 'grid', 'wide', 'chart', 'uplot'] as const;

export default defineConfig({
  root: pages,
  base: './',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('../src', import.meta.url)) } },
  // The production React build, as users get it.
  mode: 'production',
  logLevel: 'warn',
  build: {
    outDir: process.env.BENCH_PAGES_DIR ?? '/tmp/bench-pages',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 4096,
    rolldownOptions: { input: Object.fromEntries(BENCH_PAGES.map((name) => [name, page(name)])) },
  },
});
