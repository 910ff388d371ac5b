import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';
import { cspMetaTag } from './electron/web/csp-meta.js';
import { rendererChunk } from './electron/web/renderer-chunks.js';

// Our folders are not electron-vite's defaults (src/main, src/preload, src/renderer): name each entry.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The sync's snapshot writer runs on a worker thread, built beside index.js where the sync looks for it.
      lib: { entry: { index: resolve('electron/main/index.ts'), 'snapshot-worker': resolve('electron/core/sync/snapshot-worker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      lib: { entry: resolve('electron/preload/index.ts') },
      // A sandboxed preload must be one CommonJS bundle.
      rollupOptions: { output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: 'renderer',
    // The page's CSP meta tag, from shared/csp.ts as the Electron and web host headers are.
    plugins: [vue(), cspMetaTag()],
    build: {
      outDir: 'out/renderer',
      // Minified as the web host's own build is (electron-vite leaves the renderer unminified by default, which
      // doubled the page's load: twice the script to fetch, parse and compile before the first screen).
      minify: true,
      // window-failed.html: the desktop window's page when the app's page crashed or failed to load (no script).
      rollupOptions: {
        input: { index: resolve('renderer/index.html'), 'window-failed': resolve('renderer/window-failed.html') },
        output: { manualChunks: rendererChunk },
      },
    },
  },
});
