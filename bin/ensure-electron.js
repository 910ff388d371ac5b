// Run before `npm start` and `npm run dev`: Electron 45 fetches its binary on first use, not at npm install, and
// electron-vite reads node_modules/electron/path.txt directly (failing with "Electron uninstall" and a stack).
// Fetches it when missing; where it cannot be fetched, says so in one sentence and exits 1.
import './require-node.js';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));

/** What electron-vite will run: its own ELECTRON_EXEC_PATH, or the binary path.txt names. */
function installedBinary() {
  if (process.env.ELECTRON_EXEC_PATH) return existsSync(process.env.ELECTRON_EXEC_PATH) ? process.env.ELECTRON_EXEC_PATH : null;
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : null;
}

if (installedBinary() === null) {
  process.stderr.write('Fetching the Electron binary (first run only)…\n');
  // Electron's own installer (its `install-electron` bin): it checks the download against the package's checksums.
  const install = spawnSync(process.execPath, [join(electronDir, 'install.js')], { encoding: 'utf8' });
  if (install.status !== 0 || installedBinary() === null) {
    const reason = (install.stderr || install.error?.message || '').split('\n')[0].replace(/^\w*Error: /, '').trim();
    process.stderr.write(
      `The Electron binary is missing and could not be downloaded${reason ? ` (${reason})` : ''}: ` +
        'run `npx install-electron` on a connection that reaches github.com (or set ELECTRON_EXEC_PATH to an Electron 45 binary), ' +
        'or run `npm run web` to open the same app in your browser.\n',
    );
    process.exit(1);
  }
}
