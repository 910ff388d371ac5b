#!/usr/bin/env node
// The reseller-desk command in a checkout: runs the CLI from its TypeScript sources through tsx.
import './require-node.js';

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../electron/cli.ts');
const code = await main(process.argv.slice(2));
// Exit once stdout is flushed, so open handles (timers, sockets) cannot keep a finished command alive.
process.stdout.write('', () => process.exit(code));
