/**
 * Packaging (build/electron-builder.yml), checked as far as this machine allows. The installers themselves
 * need the Electron binary, which cannot be downloaded here; everything before that is checked: the builder's
 * configuration loads and passes electron-builder's own schema, names every target and asar-unpack pattern;
 * the built main bundle leaves external exactly the packaged dependencies; and electron-builder really packs
 * the app (its `dir` target, on Linux, around a stand-in Electron folder), with the bundled sandbox provider
 * inside and the native modules' .node files unpacked from the asar.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';

const root = new URL('../..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: Configuration | null): Promise<Configuration>;
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util/out/DebugLogger.js') as { DebugLogger: new (enabled: boolean) => unknown };
const asar = require('@electron/asar') as { listPackage(path: string, options: { isPack: boolean }): string[]; extractFile(path: string, file: string): Buffer };

const CONFIG = 'build/electron-builder.yml';
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const DEPENDENCIES: string[] = Object.keys(packageJson.dependencies).sort();
const NATIVE_PATTERNS = ['**/node_modules/better-sqlite3/prebuilds/*.node', '**/node_modules/@napi-rs/keyring-*/*.node'];

const work = mkdtempSync(join(tmpdir(), 'packaging-'));
// Built where `npm run package` builds it: electron-builder packs the project's own out/ folder.
const built = join(root, 'out');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const loadConfig = () => getConfig(root, CONFIG, null);

describe('the electron-builder configuration', () => {
  it('loads and passes electron-builder’s schema (which does refuse a misspelled key)', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...config, asarUnpak: ['x'] } as Configuration, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
  });

  it('names AppImage and deb for Linux, dmg for macOS, nsis for Windows, with icons at the sizes each needs', async () => {
    const config = await loadConfig();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toBe('dmg');
    expect(config.win?.target).toBe('nsis');
    expect(readdirSync(join(root, config.linux!.icon!)).sort()).toEqual(
      [16, 24, 32, 48, 64, 128, 256, 512, 1024].map((s) => `${s}x${s}.png`).sort(),
    );
    const icns = readFileSync(join(root, config.mac!.icon!));
    expect(icns.subarray(0, 4).toString()).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const ico = readFileSync(join(root, config.win!.icon!));
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, 7]);
    expect(ico.readUInt8(6 + 16 * 6)).toBe(0); // the last entry is 256 px (written as 0)
  });

  it('has the appId the shell gives Windows for its notifications', async () => {
    const config = await loadConfig();
    const shell = readFileSync(join(root, 'electron/main/index.ts'), 'utf8');
    expect(shell).toContain(`app.setAppUserModelId('${config.appId}')`);
  });

  it('unpacks the native modules’ .node files from the asar and does not rebuild them', async () => {
    const config = await loadConfig();
    expect(config.asarUnpack).toEqual(NATIVE_PATTERNS);
    expect(config.npmRebuild).toBe(false);
  });

  it('npm run package builds the renderer and main bundles, then the installers of this platform', () => {
    expect(packageJson.scripts.package).toBe(`node bin/require-node.js && electron-vite build && electron-builder --config ${CONFIG} --publish never`);
  });
});

/** The newest modification time of a file or of any file under a folder. */
function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * out/ as electron-vite builds it is newer than everything it is built from. npm test has just built it, and
 * building it again here would empty out/renderer under the e2e specs' web hosts, which run beside the unit tests.
 */
const builtIsCurrent = () =>
  existsSync(join(built, 'main/index.js')) &&
  ['electron', 'shared', 'renderer', 'sandbox', 'electron.vite.config.ts', 'package.json'].every((source) => newestMtime(join(root, source)) <= statSync(join(built, 'main/index.js')).mtimeMs);

describe('the packaged app', () => {
  beforeAll(() => {
    if (builtIsCurrent()) return;
    const build = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', '--logLevel', 'error'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 170_000,
    });
    if (build.status !== 0) throw new Error(`electron-vite build failed: ${build.stderr}`);
  }, 180_000);

  it('has a main bundle whose external modules are exactly the packaged dependencies (and electron)', () => {
    const builtins = new Set(builtinModules);
    const external = new Set<string>();
    for (const file of readdirSync(join(built, 'main')).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(built, 'main', file), 'utf8');
      for (const [, specifier] of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g)) {
        if (specifier!.startsWith('node:') || builtins.has(specifier!)) continue;
        const parts = specifier!.split('/');
        external.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    expect([...external].sort()).toEqual(['electron', ...DEPENDENCIES].sort());
  });

  // electron-builder's packing is platform-specific; the stand-in Electron folder is a Linux one.
  it.skipIf(process.platform !== 'linux')('is packed with its dependencies, the sandbox provider and the unpacked .node files (dir target, Linux)', async () => {
    const electronDist = join(work, 'electron-dist');
    mkdirSync(electronDist, { recursive: true });
    writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\n');
    chmodSync(join(electronDist, 'electron'), 0o755);
    writeFileSync(join(electronDist, 'LICENSE'), '');
    writeFileSync(join(electronDist, 'version'), require('electron/package.json').version);

    const { build, Platform } = await import('electron-builder');
    const config = await loadConfig();
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir'),
      publish: 'never',
      config: { ...config, electronDist, directories: { ...config.directories, output: join(work, 'dist') } },
    });

    const resources = join(work, 'dist', 'linux-unpacked', 'resources');
    const archive = join(resources, 'app.asar');
    const inside = new Set(asar.listPackage(archive, { isPack: false }).map((p) => p.replaceAll('\\', '/')));
    expect(inside).toContain('/out/main/index.js');
    expect(inside).toContain('/out/main/snapshot-worker.js');
    expect(inside).toContain('/out/preload/index.cjs');
    expect(inside).toContain('/out/renderer/index.html');
    for (const dependency of DEPENDENCIES) expect(inside).toContain(`/node_modules/${dependency}/package.json`);
    for (const devOnly of ['vue', 'vite', 'electron', '@fastify/static', 'typescript']) expect(inside).not.toContain(`/node_modules/${devOnly}/package.json`);
    expect([...inside].some((p) => p.startsWith('/electron/') || p.startsWith('/sandbox/') || p.startsWith('/tests/'))).toBe(false);
    // The command line's bundles (npm run build:node) belong to a checkout.
    expect([...inside].some((p) => p.startsWith('/out/node/'))).toBe(false);

    // The demo account's provider is in the main bundle (a lazily loaded chunk), so the demo works installed.
    const chunks = [...inside].filter((p) => /^\/out\/main\/[^/]+\.js$/.test(p));
    expect(chunks.some((chunk) => asar.extractFile(archive, chunk.slice(1)).toString().includes('function startSandbox('))).toBe(true);

    const unpacked = spawnSync('find', [join(resources, 'app.asar.unpacked'), '-name', '*.node'], { encoding: 'utf8' }).stdout;
    expect(unpacked).toContain(`node_modules/better-sqlite3/prebuilds/linux-${process.arch}.node`);
    expect(unpacked).toMatch(/node_modules\/@napi-rs\/keyring-linux-[^/]+\/keyring\.linux-[^/]+\.node/);
  }, 180_000);
});
