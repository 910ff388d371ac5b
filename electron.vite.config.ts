import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import vue from '@vitejs/plugin-vue';

// Our folders are not electron-vite's defaults (src/main, src/preload, src/renderer): name each entry.
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: resolve('electron/main/index.ts') },
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
    plugins: [vue()],
    build: {
      outDir: 'out/renderer',
      rollupOptions: { input: resolve('renderer/index.html') },
    },
  },
});
