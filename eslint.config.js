// @ts-check
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import { builtinModules } from 'node:module';
import layers from './lint/layers.js';
import typeAssertions from './lint/type-assertions.js';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodePackages = ['better-sqlite3', '@napi-rs/keyring', 'conf', 'electron-store', 'fastify', '@fastify/*', 'axios'];

/**
 * Package import rules that keep the layers apart (DESIGN.md: the engine never imports electron, and so on).
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

/** The files where `as unknown as` stays, and why nothing better exists there. */
const TYPE_ASSERTIONS_ALLOWED = [];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
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
  // No `{…} as T`, and `as unknown as` only where listed, each with why (lint/type-assertions.js).
  {
    plugins: { 'type-assertions': typeAssertions },
    rules: { 'type-assertions/no-dangerous-type-assertions': ['error', { allow: TYPE_ASSERTIONS_ALLOWED }] },
  },
  layer(['electron/core/**', 'electron/cli.ts', 'electron/cli/**', 'electron/web/**', 'sandbox/**', 'bin/**'], ['electron'],
    'The engine, the web host and the sandbox run under plain Node: never import electron.'),
  layer(['shared/**'], ['electron', 'vue', 'pinia', ...nodeModules, ...nodePackages],
    'shared/ holds only types, schemas and pure functions: no node, electron or vue.'),
  layer(['renderer/**'], ['electron', ...nodeModules, ...nodePackages],
    'The renderer is a sandboxed web page: it talks to the engine only through window.desk.'),
);
