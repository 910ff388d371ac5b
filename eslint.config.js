// @ts-check
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import { builtinModules } from 'node:module';

const nodeModules = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const nodePackages = ['better-sqlite3', '@napi-rs/keyring', 'conf', 'electron-store', 'fastify', '@fastify/*', 'axios'];

/** Import rules that keep the layers apart (DESIGN.md: the engine never imports electron, and so on). */
const layer = (files, forbidden, why) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message: why }] }],
  },
});

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
  layer(['electron/core/**', 'electron/cli.ts', 'electron/cli/**', 'electron/web/**', 'sandbox/**', 'bin/**'], ['electron', 'electron/*'],
    'The engine, the web host and the sandbox run under plain Node: never import electron.'),
  layer(['shared/**'], ['electron', 'electron/*', 'vue', 'vue/*', 'pinia', ...nodeModules, ...nodePackages],
    'shared/ holds only types, schemas and pure functions: no node, electron or vue.'),
  layer(['renderer/**'], ['electron', 'electron/*', ...nodeModules, ...nodePackages],
    'The renderer is a sandboxed web page: it talks to the engine only through window.desk.'),
);
