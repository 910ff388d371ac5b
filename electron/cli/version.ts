/** The app's version: the project's package.json, the nearest one above this module (electron/ from source, out/node/ bundled). */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function version(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
