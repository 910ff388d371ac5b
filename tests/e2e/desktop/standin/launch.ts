/**
 * The desktop stand-in's process: the **built** main bundle (out/main/index.js) run by Node, with every
 * import or require of `electron` answered by the stand-in (electron.ts). Started by the desktop fixture as
 * `node --import tsx tests/e2e/desktop/standin/launch.ts` with HOME (and XDG_CONFIG_HOME) a folder of the test's,
 * under which the app's data folder is, as Electron's is under the person's home. STANDIN_MAIN names another
 * main bundle (the stand-in's own spec runs a probe app).
 */
import { registerHooks } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const standin = new URL('./electron.ts', import.meta.url).href;
const standinForRequire = new URL('./electron-require.cjs', import.meta.url).href;
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== 'electron') return nextResolve(specifier, context);
    // One stand-in for import and require alike: a require gets the instance the import made.
    if (context.conditions?.includes('require')) return { url: standinForRequire, format: 'commonjs', shortCircuit: true };
    return { url: standin, format: 'module', shortCircuit: true };
  },
});
await import(standin);

// Electron's process has the folder of the app's resources (electron-updater reads package-type there).
Object.assign(process, { resourcesPath: resolve('out') });

await import(pathToFileURL(resolve(process.env.STANDIN_MAIN ?? 'out/main/index.js')).href);
