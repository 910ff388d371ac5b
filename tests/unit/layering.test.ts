/**
 * The layers of docs/architecture.md, enforced by lint (eslint.config.js, lint/layers.js): every forbidden edge between
 * our folders fails with a message naming the layer, what it may import and where the import landed; the
 * allowed edges pass. Linted through ESLint's own API with the project's configuration, as `npm run lint` does.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: `${root}${filePath}` });
  return result!.messages.filter((m) => m.ruleId?.includes('restricted-imports') || m.ruleId?.startsWith('layers/')).map((m) => m.message);
}

const importing = (source: string) => `import { x } from '${source}';`;

const FORBIDDEN: [file: string, source: string, message: string][] = [
  ['shared/new.ts', '../electron/core/desk.js', 'shared/ may import only from itself: "../electron/core/desk.js" is in electron/core (the layers: docs/architecture.md).'],
  ['shared/outbox/new.ts', '../../renderer/src/main.js', 'shared/ may import only from itself: "../../renderer/src/main.js" is in renderer/ (the layers: docs/architecture.md).'],
  ['shared/new.ts', '../sandbox/index.js', 'shared/ may import only from itself: "../sandbox/index.js" is in sandbox/ (the layers: docs/architecture.md).'],
  ['electron/core/new.ts', '../main/ipc.js', 'electron/core may import only from itself and shared: "../main/ipc.js" is in electron/main (the layers: docs/architecture.md).'],
  ['electron/core/sync/new.ts', '../../web/server.js', 'electron/core may import only from itself and shared: "../../web/server.js" is in electron/web (the layers: docs/architecture.md).'],
  ['electron/core/new.ts', '../cli.js', 'electron/core may import only from itself and shared: "../cli.js" is in electron/cli (the layers: docs/architecture.md).'],
  ['electron/core/new.ts', '../../sandbox/index.js', 'electron/core may import only from itself and shared: "../../sandbox/index.js" is in sandbox/ (the layers: docs/architecture.md).'],
  ['electron/core/new.ts', '../demo-provider.js', 'electron/core may import only from itself and shared: "../demo-provider.js" is in electron/demo-provider.ts (the layers: docs/architecture.md).'],
  ['electron/main/new.ts', '../../renderer/src/main.js', 'electron/main may import only from itself and electron/core, shared, electron/demo-provider.ts, build/icons: "../../renderer/src/main.js" is in renderer/ (the layers: docs/architecture.md).'],
  ['electron/main/new.ts', '../../sandbox/server/app.js', 'electron/main may import only from itself and electron/core, shared, electron/demo-provider.ts, build/icons: "../../sandbox/server/app.js" is in sandbox/ (the layers: docs/architecture.md).'],
  ['electron/main/new.ts', '../web/server.js', 'electron/main may import only from itself and electron/core, shared, electron/demo-provider.ts, build/icons: "../web/server.js" is in electron/web (the layers: docs/architecture.md).'],
  ['electron/web/new.ts', '../main/ipc.js', 'electron/web may import only from itself and electron/core, shared, electron/demo-provider.ts: "../main/ipc.js" is in electron/main (the layers: docs/architecture.md).'],
  ['electron/cli/new.ts', '../../sandbox/index.js', 'electron/cli may import only from itself and electron/core, shared, electron/demo-provider.ts: "../../sandbox/index.js" is in sandbox/ (the layers: docs/architecture.md).'],
  ['electron/cli.ts', './main/index.js', 'electron/cli may import only from itself and electron/core, shared, electron/demo-provider.ts: "./main/index.js" is in electron/main (the layers: docs/architecture.md).'],
  ['electron/preload/new.ts', '../core/desk.js', 'electron/preload may import only from itself and shared: "../core/desk.js" is in electron/core (the layers: docs/architecture.md).'],
  ['renderer/src/new.ts', '../../electron/core/desk.js', 'renderer/ may import only from itself and shared: "../../electron/core/desk.js" is in electron/core (the layers: docs/architecture.md).'],
  ['renderer/src/views/new.ts', '../../../sandbox/index.js', 'renderer/ may import only from itself and shared: "../../../sandbox/index.js" is in sandbox/ (the layers: docs/architecture.md).'],
  ['renderer/src/new.ts', '../../electron/main/window.js', 'renderer/ may import only from itself and shared: "../../electron/main/window.js" is in electron/main (the layers: docs/architecture.md).'],
  ['sandbox/server/new.ts', '../../electron/core/desk.js', 'sandbox/ may import only from itself and shared: "../../electron/core/desk.js" is in electron/core (the layers: docs/architecture.md).'],
  ['sandbox/new.ts', '../tests/unit/helpers.js', 'sandbox/ may import only from itself and shared: "../tests/unit/helpers.js" is in tests/ (the layers: docs/architecture.md).'],
];

const ALLOWED: [file: string, source: string][] = [
  ['shared/outbox/new.ts', '../contract.js'],
  ['electron/core/sync/new.ts', '../../../shared/contract.js'],
  ['electron/main/new.ts', '../core/desk.js'],
  ['electron/main/new.ts', '../demo-provider.js'],
  ['electron/web/new.ts', '../../shared/bridge.js'],
  ['electron/cli.ts', './core/desk.js'],
  ['electron/demo-provider.ts', '../sandbox/index.js'],
  ['renderer/src/new.ts', '../../shared/contract.js'],
  ['sandbox/server/new.ts', '../../shared/models.js'],
  ['tests/unit/new.test.ts', '../../sandbox/index.js'],
  ['tests/unit/new.test.ts', '../../electron/main/ipc.js'],
];

describe('layers enforced by folder', () => {
  it.each(FORBIDDEN)('%s importing %s fails lint', async (file, source, message) => {
    expect(await problems(file, importing(source))).toEqual([message]);
  });

  it('re-exports and dynamic imports are checked too', async () => {
    expect(await problems('electron/core/new.ts', "export * from '../main/ipc.js';\nconst x = 1;")).toHaveLength(1);
    expect(await problems('electron/core/new.ts', "const x = await import('../../sandbox/index.js');")).toEqual([
      'electron/core may import only from itself and shared: "../../sandbox/index.js" is in sandbox/ (the layers: docs/architecture.md).',
    ]);
  });

  it('a Vue component is checked like any renderer module', async () => {
    const [result] = await eslint.lintText(
      `<script setup lang="ts">\nimport { Desk } from '../../../electron/core/desk.js';\nconsole.log(Desk);\n</script>\n<template><p /></template>\n`,
      { filePath: `${root}renderer/src/views/NewView.vue` },
    );
    expect(result!.messages.map((m) => m.message)).toContain(
      'renderer/ may import only from itself and shared: "../../../electron/core/desk.js" is in electron/core (the layers: docs/architecture.md).',
    );
  });

  it('packages of the wrong world are refused too (electron in the renderer, node in shared/)', async () => {
    expect(await problems('renderer/src/new.ts', importing('electron'))).toEqual([
      expect.stringContaining('The renderer is a sandboxed web page: it talks to the engine only through window.desk.'),
    ]);
    expect(await problems('shared/new.ts', importing('node:fs'))).toEqual([
      expect.stringContaining('shared/ holds only types, schemas and pure functions: no node, electron or vue.'),
    ]);
    expect(await problems('electron/core/new.ts', importing('electron/main'))).toEqual([
      expect.stringContaining('never import electron'),
    ]);
  });

  it.each(ALLOWED)('%s importing %s passes', async (file, source) => {
    expect(await problems(file, importing(source))).toEqual([]);
  });
});
