// Exits with one sentence when this Node.js is older than package.json's engines range allows, before any
// dependency loads (better-sqlite3 under Node 20 crashes with no message). Imported first by the entry points
// (the CLI, the web host) or run before a command in package.json: `node bin/require-node.js && …`.
// Plain syntax only: it must parse on any Node that can start.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** engines.node as alternatives of the two forms package.json uses: `^22.18.0` and `>=24.11.0`. */
function parseRange(range) {
  return range.split('||').map((part) => {
    const match = /^\s*(\^|>=)(\d+)\.(\d+)/.exec(part);
    if (!match) throw new Error(`bin/require-node.js cannot read engines.node part "${part.trim()}"`);
    return { caret: match[1] === '^', major: Number(match[2]), minor: Number(match[3]) };
  });
}

function satisfies(version, range) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return parseRange(range).some((low) =>
    low.caret
      ? major === low.major && minor >= low.minor
      : major > low.major || (major === low.major && minor >= low.minor),
  );
}

function lowestVersion(range) {
  const [first] = parseRange(range).sort((a, b) => a.major - b.major || a.minor - b.minor);
  return `${first.major}.${first.minor}`;
}

if (!satisfies(process.version, engines.node)) {
  process.stderr.write(
    `Reseller Desk needs Node.js ${lowestVersion(engines.node)} or newer (${engines.node}) and this is ${process.version}: ` +
      'install a current Node.js 22 or 24 from https://nodejs.org (or `nvm install 22`) and run the command again.\n',
  );
  process.exit(1);
}
