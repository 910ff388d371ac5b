#!/usr/bin/env node
// The reseller-desk command in a checkout: its bundle when built and current, else its TypeScript sources (bin/node-entry.js).
import './require-node.js';
import { importEntry } from './node-entry.js';

const { main } = await importEntry('cli', 'electron/cli.ts');
const code = await main(process.argv.slice(2));
// Exit once stdout is flushed, so open handles (timers, sockets) cannot keep a finished command alive.
process.stdout.write('', () => process.exit(code));
