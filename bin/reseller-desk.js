#!/usr/bin/env node
// The reseller-desk command in a checkout: runs the CLI from its TypeScript sources through tsx.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 14)) {
  process.stderr.write(`reseller-desk needs Node.js 22.14 or newer (this is ${process.version}).\n`);
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../electron/cli.ts');
const code = await main(process.argv.slice(2));
// Exit once stdout is flushed, so open handles (timers, sockets) cannot keep a finished command alive.
process.stdout.write('', () => process.exit(code));
