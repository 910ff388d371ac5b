// @ts-check
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import { builtinModules } from 'node:module';
import layers from './lint/layers.js';
import typeAssertions from './lint/type-assertions.js';
import disableReasons from './lint/disable-reasons.js';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodePackages = ['better-sqlite3', '@napi-rs/keyring', 'conf', 'electron-store', 'fastify', '@fastify/*', 'axios'];

/**
 * Package import rules that keep the layers apart (docs/architecture.md: the engine never imports electron, and so on).
 * Matched as bare names (a regex), so that a relative path such as '../electron/core/x.js' is not taken for the
 * electron package; relative imports are lint/layers.js's.
 */
const layer = (files, packages, why) => {
  const names = packages.map((name) => name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace('*', '[^/]+'));
  return {
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^(${names.join('|')})(/.*)?$`, message: why }] }],
    },
  };
};

export default tseslint.config(
  {
    ignores: [
      'out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**',
      // Vite and electron-vite bundle their config to a temporary file beside it while a build runs;
      // `npm test` lints and builds at once, and a file that vanishes mid-lint fails the lint.
      '**/*.config.ts.*.mjs', '**/*.timestamp-*.mjs',
    ],
  },
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Layout rules that fight short templates; formatting is not what lint is for here.
      'vue/singleline-html-element-content-newline': 'off',
      'vue/max-attributes-per-line': 'off',
    },
  },
  {
    // Raw wire replies in tests are untyped JSON by nature.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Our own folders: which layer may import which (lint/layers.js).
  { plugins: { layers }, rules: { 'layers/imports-by-layer': 'error' } },
  // No `{…} as T`, `as unknown as` or `as never` (lint/type-assertions.js); where nothing better exists, the line
  // says why in its disable comment, which must name its rules and give its reason (lint/disable-reasons.js), and
  // a disable left with nothing to disable is an error.
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'type-assertions': typeAssertions, 'disable-reasons': disableReasons },
    rules: {
      'type-assertions/no-dangerous-type-assertions': 'error',
      'disable-reasons/disable-reasons': 'error',
    },
  },
  {
    // docs/architecture.md, "Ending things and time": one name for ending an engine object.
    files: ['electron/core/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "MethodDefinition[key.name='close'], TSMethodSignature[key.name='close']",
        message: 'An engine object ends with dispose(), not close() (docs/architecture.md, "Ending things and time").',
      }],
    },
  },
  layer(['electron/core/**', 'electron/cli.ts', 'electron/cli/**', 'electron/web/**', 'sandbox/**', 'bin/**'], ['electron'],
    'The engine, the web host and the sandbox run under plain Node: never import electron.'),
  layer(['shared/**'], ['electron', 'vue', 'pinia', ...nodeModules, ...nodePackages],
    'shared/ holds only types, schemas and pure functions: no node, electron or vue.'),
  layer(['renderer/**'], ['electron', ...nodeModules, ...nodePackages],
    'The renderer is a sandboxed web page: it talks to the engine only through window.desk.'),
);
