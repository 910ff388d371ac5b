// @ts-check
import tseslint from 'typescript-eslint';
import pluginVue from 'eslint-plugin-vue';
import { builtinModules } from 'node:module';
import layers from './lint/layers.js';
import typeAssertions from './lint/type-assertions.js';

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

/** The files where `as unknown as` stays, and why nothing better exists there. */
const TYPE_ASSERTIONS_ALLOWED = [
  { file: 'electron/cli/prompt.ts', reason: "masks a typed password through readline's private _writeToOutput, which node's types do not declare" },
  { file: 'electron/core/api/wire-shape.ts', reason: "a template object holding every field of a record kind as undefined, copied per row: its type is the filled record's" },
  { file: 'electron/core/desk/overlay-view.ts', reason: 'marks a stored row of any resource as not pending: which resource it is, the compiler cannot follow' },
  { file: 'electron/core/mirror/resources.ts', reason: 'a descriptor looked up by resource name: the compiler cannot correlate RESOURCES[R] with ResourceRecords[R]' },
  { file: 'electron/core/mirror/row-writer.ts', reason: 'a holey array made as v8.deserialize makes rows, so the write reads one kind of row (measured; see its comment)' },
  { file: 'electron/core/outbox/entry-row.ts', reason: "an entry built from a row whose kind and params are one kind's only at run time (checked on enqueue)" },
  { file: 'electron/core/outbox/mutations/contact-fields.ts', reason: "params (checked by the kind's schema) laid over a contact row under their field names" },
  { file: 'electron/core/outbox/mutations/index.ts', reason: "an engine definition looked up by kind: the compiler cannot correlate ENGINE[K] with K's params" },
  { file: 'electron/core/outbox/overlay.ts', reason: "a row of resource R with its pending edits laid over it: R's fields are known only through the generic" },
  { file: 'shared/outbox/attachments.ts', reason: 'a zod transform from base64 or bytes to bytes, whose input and output zod cannot infer from a custom transform' },
  { file: 'shared/outbox/schemas.ts', reason: 'an attachment schema that picks one of two forms by its keys, in a transform zod cannot type' },
  { file: 'tests/contract/client/operations.test.ts', reason: 'feeds an operation wrong input on purpose, to see the client refuse it' },
  { file: 'tests/contract/desk/overlaid-views.test.ts', reason: "reads the contacts list as contacts (data.list's rows are any resource's)" },
  { file: 'tests/unit/desk-settings.test.ts', reason: 'feeds settings.set values outside the schema on purpose, to see the refusal' },
  { file: 'tests/unit/mirror-record-filter.test.ts', reason: "drives every resource's descriptor and queries generically, comparing two implementations" },
  { file: 'tests/unit/outbox-fixtures.ts', reason: 'a fake client answering only the fields the outbox reads' },
  { file: 'tests/unit/outbox-secrets.test.ts', reason: "sends back an entry's masked params as an edit, as a front end would" },
  { file: 'tests/unit/outbox-validation.test.ts', reason: 'feeds the outbox wrong params on purpose, to see its messages' },
  { file: 'tests/unit/packaging.test.ts', reason: 'feeds electron-builder a misspelt option on purpose, to see its validation refuse it' },
  { file: 'tests/unit/sync-pages.test.ts', reason: 'a fake client with only the paging calls the sync makes' },
];

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
  // No `{…} as T`, and `as unknown as` only where listed, each with why (lint/type-assertions.js).
  {
    plugins: { 'type-assertions': typeAssertions },
    rules: { 'type-assertions/no-dangerous-type-assertions': ['error', { allow: TYPE_ASSERTIONS_ALLOWED }] },
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
