#!/usr/bin/env node
// `npm run web` in a checkout: the web host from its TypeScript sources through tsx.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  process.stderr.write(`Reseller Desk needs Node.js 22.18 or newer (this is ${process.version}); see README, "Quick start".\n`);
  process.exit(1);
}
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../electron/web/cli.ts');
process.exit(await main(process.argv.slice(2)));
