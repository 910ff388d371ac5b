// @ts-check
/**
 * The layers of docs/architecture.md, enforced by folder (as VS Code enforces its own): each zone names the folders it may
 * import from besides itself. A relative import is resolved against the importing file and refused when it
 * lands outside those folders. Packages (electron, node:*, vue…) are kept out by no-restricted-imports.
 */
import { dirname, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

const ENGINE_AND_SHARED = ['electron/core', 'shared'];
/** The hosts' composition roots may also start the bundled sandbox, through this one module. */
const HOSTS_MAY = [...ENGINE_AND_SHARED, 'electron/demo-provider.ts'];

/** @type {{ name: string, paths: string[], may: string[] }[]} */
export const ZONES = [
  { name: 'shared/', paths: ['shared'], may: [] },
  { name: 'electron/core', paths: ['electron/core'], may: ['shared'] },
  // The shell also takes the app's icons (the tray's), as assets electron-vite copies beside the main bundle.
  { name: 'electron/main', paths: ['electron/main'], may: [...HOSTS_MAY, 'build/icons'] },
  { name: 'electron/web', paths: ['electron/web'], may: HOSTS_MAY },
  { name: 'electron/cli', paths: ['electron/cli.ts', 'electron/cli'], may: HOSTS_MAY },
  { name: 'electron/demo-provider.ts', paths: ['electron/demo-provider.ts'], may: ['electron/core', 'sandbox/index.ts'] },
  { name: 'electron/preload', paths: ['electron/preload'], may: ['shared'] },
  { name: 'renderer/', paths: ['renderer'], may: ['shared'] },
  { name: 'sandbox/', paths: ['sandbox'], may: ['shared'] },
];

const within = (/** @type {string} */ file, /** @type {string} */ path) => file === path || file.startsWith(`${path}/`);
/** A file and, for an import source naming the built .js of a .ts module, that module. */
const namesOf = (/** @type {string} */ file) => [file, file.replace(/\.js$/, '.ts')];
const zoneOf = (/** @type {string} */ file) =>
  ZONES.find((zone) => zone.paths.some((path) => namesOf(file).some((name) => within(name, path))));

/** Where a path outside every zone is, for the message: its folder, or the file itself at the top level. */
function placeOf(/** @type {string} */ file) {
  const zone = zoneOf(file);
  if (zone) return zone.name;
  return file.includes('/') ? `${file.split('/')[0]}/` : file;
}

/** @type {import('eslint').Rule.RuleModule} */
const importsByLayer = {
  meta: {
    type: 'problem',
    docs: { description: 'Each folder imports only from the layers docs/architecture.md allows it.' },
    messages: { forbidden: '{{zone}} may import only {{allowed}}: "{{source}}" is in {{target}} (the layers: docs/architecture.md).' },
    schema: [],
  },
  create(context) {
    const file = relative(ROOT, context.filename).split('\\').join('/');
    const zone = zoneOf(file);
    if (!zone) return {};
    const allowed = [...zone.paths, ...zone.may];
    const describeAllowed = zone.may.length === 0 ? 'from itself' : `from itself and ${zone.may.join(', ')}`;

    /** @param {import('estree').Node & { source?: import('estree').Node | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(context.filename), source.value)).split('\\').join('/');
      if (namesOf(target).some((name) => allowed.some((path) => within(name, path)))) return;
      context.report({
        node: source,
        messageId: 'forbidden',
        data: { zone: zone.name, allowed: describeAllowed, source: source.value, target: placeOf(target) },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'imports-by-layer': importsByLayer } };
