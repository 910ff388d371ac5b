#!/usr/bin/env node
// `npm run web` in a checkout: the web host's bundle when built and current, else its TypeScript sources (bin/node-entry.js).
import './require-node.js';
import { importEntry } from './node-entry.js';

const { main } = await importEntry('web', 'electron/web/cli.ts');
process.exit(await main(process.argv.slice(2)));
