/**
 * What the sync's writer thread loads. It starts with every sync, and whatever its bundle imports is loaded
 * and compiled in that thread again, in the sync's time: axios alone cost some 140 ms of CPU there. Built as
 * the app's main process is (the app's entry and the writer's, sharing chunks), the packages reachable from
 * the writer's entry must be only those it uses.
 */
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

type Output = Rolldown.RolldownOutput['output'];

/** The packages (not node: built-ins) that loading `entry`'s chunk loads, through every chunk it imports. */
function packagesLoadedBy(output: Output, entry: string): string[] {
  const chunks = new Map(output.flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])));
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of chunks.get(fileName)!.imports) {
      if (chunks.has(imported)) visit(imported);
      else if (!imported.startsWith('node:')) packages.add(imported);
    }
  };
  visit(entry);
  return [...packages].sort();
}

describe('the writer thread bundle', () => {
  it('loads better-sqlite3 alone: not the HTTP client, zod or entities', async () => {
    const result = await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        ssr: true,
        write: false,
        minify: false,
        rolldownOptions: {
          input: { index: resolve('electron/main/index.ts'), 'snapshot-worker': resolve('electron/core/sync/snapshot-worker.ts') },
          output: { format: 'es', entryFileNames: '[name].js' },
        },
      },
    });
    const { output } = (Array.isArray(result) ? result : [result])[0] as Rolldown.RolldownOutput;
    // The main process loads them (axios only with its first request, electron/core/api/client.ts).
    expect(packagesLoadedBy(output, 'index.js')).toEqual(expect.arrayContaining(['entities', 'zod']));
    expect(packagesLoadedBy(output, 'snapshot-worker.js')).toEqual(['better-sqlite3']);
  }, 30_000);
});
