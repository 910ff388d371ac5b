import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layers of DESIGN.md are enforced by lint; these cases prove the rules fire (and do not over-fire).
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').length;
}

describe('layering import rules', () => {
  it.each([
    ['electron/core/x.ts', "import { app } from 'electron';"],
    ['sandbox/x.ts', "import { app } from 'electron';"],
    ['shared/x.ts', "import { readFileSync } from 'node:fs';"],
    ['shared/x.ts', "import { ref } from 'vue';"],
    ['shared/x.ts', "import Database from 'better-sqlite3';"],
    ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';"],
    ['renderer/src/x.ts', "import { join } from 'path';"],
  ])('%s rejects %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toBe(1);
  });

  it.each([
    ['electron/main/x.ts', "import { app } from 'electron';"],
    ['electron/core/x.ts', "import Database from 'better-sqlite3';"],
    ['renderer/src/x.ts', "import { ref } from 'vue';"],
    ['shared/x.ts', "import { z } from 'zod';"],
  ])('%s allows %s', async (file, code) => {
    expect(await restrictedImports(file, `${code}\nexport {};\n`)).toBe(0);
  });
});
