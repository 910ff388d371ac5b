/**
 * The command-line entries as plain JavaScript bundles in out/node/ (`npm run build:node`): the CLI, the web host
 * and the sandbox provider, with the sync's writer thread beside them where the sync looks for it
 * (electron/core/sync/worker-sink.ts). bin/*.js run these when they are newer than their sources
 * (bin/node-entry.js), and the TypeScript sources through tsx otherwise: a bundle starts several times faster,
 * which the tests, spawning hundreds of commands, feel most.
 */
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

/** The CommonJS packages left out of the bundles, with the names the sources import from each besides its default. */
const REQUIRED_PACKAGES: Record<string, string[]> = {
  'better-sqlite3': [],
  '@napi-rs/keyring': ['AsyncEntry'],
  fastify: [],
  '@fastify/multipart': [],
  '@fastify/static': [],
  '@fastify/websocket': [],
};
const REQUIRED_PREFIX = '\0required:';

/**
 * The packages left out are required, as the CommonJS they are, rather than imported: Node imports a CommonJS
 * package into ESM by scanning its source for the names it exports first, a twentieth of a command's start
 * for better-sqlite3 and the keyring alone. A name imported that is not listed above fails the build.
 */
const requireLeftOut: Plugin = {
  name: 'require-left-out-packages',
  enforce: 'pre',
  resolveId: (id) => (id in REQUIRED_PACKAGES ? REQUIRED_PREFIX + id : null),
  load(id) {
    if (!id.startsWith(REQUIRED_PREFIX)) return null;
    const name = id.slice(REQUIRED_PREFIX.length);
    return [
      "import { createRequire } from 'node:module';",
      `const required = createRequire(import.meta.url)(${JSON.stringify(name)});`,
      'export default required;',
      ...REQUIRED_PACKAGES[name]!.map((n) => `export const ${n} = required.${n};`),
    ].join('\n');
  },
};

/**
 * The packages go into the bundle too, but for those that cannot or need not: native addons, and the web
 * server's (fastify, ws) and the renderer's build (vite), loaded only by the commands that serve. Imported one
 * by one from node_modules, each CommonJS package was found, read and scanned for its exports at every start:
 * a third of a command's CPU. conf gets a stand-in for ajv, which it uses only for a JSON schema the engine
 * never gives it (build/node/no-json-schema.js).
 */
export const PACKAGES_BUNDLED: Pick<UserConfig, 'plugins' | 'resolve' | 'ssr'> = {
  plugins: [requireLeftOut],
  resolve: {
    alias: {
      'ajv/dist/2020.js': resolve(import.meta.dirname, 'build/node/no-json-schema.js'),
      'ajv-formats': resolve(import.meta.dirname, 'build/node/no-json-schema.js'),
    },
  },
  ssr: {
    noExternal: true,
    external: [...Object.keys(REQUIRED_PACKAGES), 'ws', 'vite', '@vitejs/plugin-vue'],
  },
};

export default defineConfig({
  logLevel: 'warn',
  ...PACKAGES_BUNDLED,
  build: {
    ssr: true,
    outDir: 'out/node',
    emptyOutDir: true,
    minify: false,
    target: 'node22',
    rolldownOptions: {
      input: {
        cli: resolve('electron/cli.ts'),
        web: resolve('electron/web/cli.ts'),
        sandbox: resolve('sandbox/cli.ts'),
        'snapshot-worker': resolve('electron/core/sync/snapshot-worker.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});
