/**
 * Packaging (build/electron-builder.yml), checked as far as this machine allows. The installers themselves
 * need the Electron binary, which cannot be downloaded here; everything before that is checked. The builder's
 * configuration loads and passes electron-builder's own schema, names every target and asar-unpack pattern,
 * and every platform and arch it is built for has its keychain binary recorded in package-lock.json; the built
 * main bundle leaves external exactly the packaged dependencies.
 *
 * Then electron-builder really packs the app: its `dir` target, on Linux, around a stand-in Electron folder
 * (nothing is downloaded), from the project's out/ into a temporary folder, about 6 s. The test reads the real
 * resources/app.asar (@electron/asar) and app.asar.unpacked, and shows what Electron will load from them: every
 * relative import of out/main/*.js is packed, every package import resolves (Node's own resolution, in a copy
 * of the archive) to a packed file, and every packed package finds its dependencies; every .node file is
 * unpacked, and the packed better-sqlite3 and keychain load theirs; the sync's writer thread and the chunks it
 * imports are unpacked, found there from a path inside app.asar, and write a mirror from there. What this does
 * not show: the macOS and Windows layouts (packed on their own platforms), and Electron itself loading them.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuration } from 'electron-builder';
import { asarUnpackedPath, builtWorkerBeside, WorkerSnapshotSink } from '../../electron/core/sync/worker-sink.js';
import { domain, openMirror } from './mirror-fixtures.js';

const root = new URL('../..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, configFromOptions: Configuration | null): Promise<Configuration>;
  validateConfiguration(config: Configuration, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util/out/DebugLogger.js') as { DebugLogger: new (enabled: boolean) => unknown };
const asar = require('@electron/asar') as {
  listPackage(path: string, options: { isPack: boolean }): string[];
  extractFile(path: string, file: string): Buffer;
  extractAll(path: string, destination: string): void;
  statFile(path: string, file: string): { unpacked?: boolean };
};

const CONFIG = 'build/electron-builder.yml';
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const DEPENDENCIES: string[] = Object.keys(packageJson.dependencies).sort();
const ASAR_UNPACK = ['**/node_modules/better-sqlite3/**', '**/node_modules/@napi-rs/keyring-*/*.node', 'out/main/snapshot-worker.js', 'out/main/spill-file-*.js'];

/**
 * The platforms and archs the installers are built for, each on a machine of its own (the configuration's
 * comment): the configuration's three platforms, on x64 or arm64.
 */
const RELEASES = (['linux', 'darwin', 'win32'] as const).flatMap((platform) => (['x64', 'arm64'] as const).map((arch) => ({ platform, arch })));
/** The @napi-rs/keyring package holding a platform and arch's binary (Electron on Linux is a glibc build). */
const keyringBinding = (platform: string, arch: string) => ({ linux: `linux-${arch}-gnu`, darwin: `darwin-${arch}`, win32: `win32-${arch}-msvc` })[platform];

const work = mkdtempSync(join(tmpdir(), 'packaging-'));
// Built where `npm run package` builds it: electron-builder packs the project's own out/ folder.
const built = join(root, 'out');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const loadConfig = () => getConfig(root, CONFIG, null);

describe('the electron-builder configuration', () => {
  it('loads and passes electron-builder’s schema (which does refuse a misspelled key)', async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    // eslint-disable-next-line type-assertions/no-dangerous-type-assertions -- a misspelt option on purpose, to see electron-builder's validation refuse it
    await expect(validateConfiguration({ ...config, asarUnpak: ['x'] } as Configuration, new DebugLogger(false))).rejects.toThrow(/asarUnpak/);
  });

  it('names AppImage and deb for Linux, dmg (and the zip updates install) for macOS, nsis for Windows, with icons at the sizes each needs', async () => {
    const config = await loadConfig();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toEqual(['dmg', 'zip']);
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

  it('unpacks the native modules and the sync’s writer thread from the asar, and does not rebuild them', async () => {
    const config = await loadConfig();
    expect(config.asarUnpack).toEqual(ASAR_UNPACK);
    expect(config.npmRebuild).toBe(false);
  });

  it('builds each platform for its host’s arch, and each platform and arch has its keychain binary in package-lock.json', async () => {
    const config = await loadConfig();
    // No arch anywhere: electron-builder builds the host's, whose optional keychain binary npm installed. A
    // universal or cross-arch build would pack none for the other arch (build/electron-builder.yml's comment).
    expect(JSON.stringify([config.linux, config.mac, config.win, config.dmg, config.nsis, config.appImage, config.deb])).not.toMatch(/"arch":|universal/);
    expect(new Set(RELEASES.map((r) => r.platform))).toEqual(new Set(['linux', 'darwin', 'win32']));
    expect([config.linux, config.mac, config.win].every(Boolean)).toBe(true);

    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages as Record<string, { version: string; os?: string[]; cpu?: string[]; optionalDependencies?: Record<string, string> }>;
    const keyring = lock['node_modules/@napi-rs/keyring']!;
    for (const { platform, arch } of RELEASES) {
      const name = `@napi-rs/keyring-${keyringBinding(platform, arch)}`;
      expect(keyring.optionalDependencies?.[name], name).toBe(keyring.version);
      const entry = lock[`node_modules/${name}`];
      expect(entry, `${name} in package-lock.json`).toBeDefined();
      expect([entry!.version, entry!.os, entry!.cpu]).toEqual([keyring.version, [platform], [arch]]);
    }
  });

  it('maps a path inside an asar archive to the same path in its unpacked folder', () => {
    expect(asarUnpackedPath('/opt/Reseller Desk/resources/app.asar/out/main/snapshot-worker.js')).toBe('/opt/Reseller Desk/resources/app.asar.unpacked/out/main/snapshot-worker.js');
    expect(asarUnpackedPath('C:\\Program Files\\Reseller Desk\\resources\\app.asar\\out\\main\\snapshot-worker.js')).toBe(
      'C:\\Program Files\\Reseller Desk\\resources\\app.asar.unpacked\\out\\main\\snapshot-worker.js',
    );
    expect(asarUnpackedPath('/Applications/Reseller Desk.app/Contents/Resources/app.asar/out/main/x.js')).toBe('/Applications/Reseller Desk.app/Contents/Resources/app.asar.unpacked/out/main/x.js');
    // Unchanged: no archive, a path already unpacked, the archive itself, a name that merely contains ".asar".
    for (const path of ['/work/main/out/main/snapshot-worker.js', '/r/app.asar.unpacked/out/main/x.js', '/r/app.asar', '/r/my.asarx/x.js']) expect(asarUnpackedPath(path)).toBe(path);
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
  describe.skipIf(process.platform !== 'linux')('packed by electron-builder (dir target, Linux)', () => {
    let resources: string;
    let archive: string;
    let unpacked: string;
    /** A copy of the archive as files (the unpacked ones included), where Node resolves and loads as Electron would. */
    let extracted: string;
    /** The archive's files, as paths relative to it ('out/main/index.js'). */
    let inside: Set<string>;

    beforeAll(async () => {
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
      resources = join(work, 'dist', 'linux-unpacked', 'resources');
      archive = join(resources, 'app.asar');
      unpacked = join(resources, 'app.asar.unpacked');
      inside = new Set(asar.listPackage(archive, { isPack: false }).map((p) => p.replaceAll('\\', '/').slice(1)));
      extracted = join(work, 'extracted');
      asar.extractAll(archive, extracted);
    }, 180_000);

    it('carries the update feed electron-updater reads, with the tray icon and the app beside it', () => {
      // electron-builder writes the publish configuration into the app for every target that updates itself.
      const feed = join(resources, 'app-update.yml');
      expect(existsSync(feed), 'resources/app-update.yml').toBe(true);
      expect(readFileSync(feed, 'utf8')).toMatch(/provider: generic[\s\S]*url: https:\/\//);
      expect([...inside].some((file) => /^out\/main\/chunks\/32x32-[\w-]+\.png$/.test(file)), 'the tray icon').toBe(true);
    });

    /** A packed bundle's relative and package imports. */
    function importsOf(file: string): { relative: string[]; packages: string[] } {
      const code = asar.extractFile(archive, file).toString();
      const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
      const builtins = new Set(builtinModules);
      return {
        relative: specifiers.filter((s) => s.startsWith('.')).map((s) => join(file, '..', s)),
        packages: specifiers.filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtins.has(s)),
      };
    }

    it('holds the bundles, the production dependencies and the sandbox provider, and nothing of a checkout', () => {
      expect(inside).toContain('out/main/index.js');
      expect(inside).toContain('out/main/snapshot-worker.js');
      expect(inside).toContain('out/preload/index.cjs');
      expect(inside).toContain('out/renderer/index.html');
      for (const dependency of DEPENDENCIES) expect(inside).toContain(`node_modules/${dependency}/package.json`);
      for (const devOnly of ['vue', 'vite', 'electron', '@fastify/static', 'typescript']) expect(inside).not.toContain(`node_modules/${devOnly}/package.json`);
      expect([...inside].some((p) => p.startsWith('electron/') || p.startsWith('sandbox/') || p.startsWith('tests/'))).toBe(false);
      // The command line's bundles (npm run build:node) belong to a checkout.
      expect([...inside].some((p) => p.startsWith('out/node/'))).toBe(false);

      // The demo account's provider is in the main bundle (a lazily loaded chunk), so the demo works installed.
      const chunks = [...inside].filter((p) => /^out\/main\/[^/]+\.js$/.test(p));
      expect(chunks.some((chunk) => asar.extractFile(archive, chunk).toString().includes('function startSandbox('))).toBe(true);
    });

    it('resolves every import of the main bundles to a packed file', () => {
      const bundles = [...inside].filter((p) => /^out\/main\/[^/]+\.js$/.test(p));
      const packages = new Set<string>();
      for (const bundle of bundles) {
        const imports = importsOf(bundle);
        for (const target of imports.relative) expect(inside, `${bundle} imports ${target}`).toContain(target);
        for (const specifier of imports.packages) if (specifier !== 'electron') packages.add(specifier);
      }
      expect(packages.size).toBeGreaterThanOrEqual(DEPENDENCIES.length);

      // Node's own ESM resolution from out/main, in the copy of the archive: a package missing from it, or an
      // entry file its exports name that was left out, fails to resolve. Nothing outside the copy is reachable
      // (it lies under the temporary folder, with no node_modules above it).
      const probe = join(extracted, 'out/main/resolve-probe.mjs');
      writeFileSync(
        probe,
        `const found = {};
for (const s of JSON.parse(process.argv[2])) { try { found[s] = import.meta.resolve(s); } catch (e) { found[s] = 'not found: ' + e.message; } }
console.log(JSON.stringify(found));`,
      );
      const run = spawnSync(process.execPath, [probe, JSON.stringify([...packages])], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const found = JSON.parse(run.stdout) as Record<string, string>;
      const copy = `${pathToFileURL(extracted).href}/node_modules/`;
      expect([...packages].filter((s) => !found[s]?.startsWith(copy)).map((s) => `${s}: ${found[s]}`)).toEqual([]);
    });

    it('holds the dependencies of every packed package', () => {
      const missing: string[] = [];
      for (const manifest of [...inside].filter((p) => /(^|\/)node_modules\/(@[^/]+\/)?[^/@]+\/package\.json$/.test(p))) {
        const dir = manifest.slice(0, -'/package.json'.length);
        const { dependencies = {} } = JSON.parse(asar.extractFile(archive, manifest).toString()) as { dependencies?: Record<string, string> };
        for (const dependency of Object.keys(dependencies)) {
          // Node's lookup: node_modules/<dependency> in the package's folder, then in each folder above it.
          const candidates: string[] = [];
          for (let at = dir; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/node_modules/')))) {
            candidates.push(`${at ? `${at}/` : ''}node_modules/${dependency}/package.json`);
            if (!at) break;
          }
          if (!candidates.some((c) => inside.has(c))) missing.push(`${dir} needs ${dependency}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it('unpacks every .node file, with better-sqlite3’s for each platform and arch and the keychain’s for this one, and both load', () => {
      const nativeFiles = [...inside].filter((p) => p.endsWith('.node'));
      for (const file of nativeFiles) {
        expect(asar.statFile(archive, file).unpacked, `${file} unpacked`).toBe(true);
        expect(existsSync(join(unpacked, file)), `${file} in app.asar.unpacked`).toBe(true);
      }
      for (const { platform, arch } of RELEASES) expect(nativeFiles).toContain(`node_modules/better-sqlite3/prebuilds/${platform}-${arch}.node`);
      // The other platforms' and archs' keychain binaries are installed (and packed) only on their own build
      // machines: package-lock.json records each (above); this machine's is packed.
      const binding = keyringBinding(process.platform, process.arch);
      expect(nativeFiles).toContain(`node_modules/@napi-rs/keyring-${binding}/keyring.${binding}.node`);

      // The packed packages load their binaries (required from the copy's root, whose .node files are the unpacked ones).
      const load = spawnSync(
        process.execPath,
        [
          '-e',
          `const Database = require('better-sqlite3');
const db = new Database(':memory:');
const { AsyncEntry } = require('@napi-rs/keyring');
console.log(db.prepare('select 1 + 1 as two').get().two, typeof AsyncEntry);`,
        ],
        { cwd: extracted, encoding: 'utf8' },
      );
      expect(load.stderr).toBe('');
      expect(load.stdout.trim()).toBe('2 function');
    });

    it('unpacks the sync’s writer thread and the chunks it imports, finds it from inside app.asar, and writes a mirror from there', async () => {
      const thread = new Set<string>();
      const visit = (file: string): void => {
        if (thread.has(file)) return;
        thread.add(file);
        for (const target of importsOf(file).relative) visit(target);
      };
      visit('out/main/snapshot-worker.js');
      for (const file of thread) {
        expect(asar.statFile(archive, file).unpacked, `${file} unpacked`).toBe(true);
        expect(existsSync(join(unpacked, file)), `${file} in app.asar.unpacked`).toBe(true);
      }

      // The sync looks beside its own bundle, which Electron reports inside app.asar, and takes the unpacked file.
      const found = builtWorkerBeside(pathToFileURL(join(archive, 'out/main/index.js')));
      expect(found?.href).toBe(pathToFileURL(join(unpacked, 'out/main/snapshot-worker.js')).href);

      // The thread runs from app.asar.unpacked alone: its imports resolve among the real files there (Node
      // cannot read the archive, and no node_modules lies above the temporary folder).
      const dir = mkdtempSync(join(work, 'mirror-'));
      const mirror = openMirror(dir);
      const sink = new WorkerSnapshotSink(mirror, mirror.file!, { url: found!, execArgv: [] });
      try {
        sink.page('domains', 0, [domain(1), domain(2)]);
        const outcome = await sink.apply({ resource: 'domains', count: 2, at: '2026-11-22T10:00:00.000Z', today: '2026-11-22', previousSyncDay: null });
        expect(outcome).toMatchObject({ added: 2, changed: 0, removed: 0 });
        expect(sink.fallbackReason).toBeNull();
        expect(mirror.get('domains', 2)).toEqual(domain(2));
      } finally {
        await sink.dispose();
        mirror.dispose();
      }
    });
  });
});
