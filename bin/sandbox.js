#!/usr/bin/env node
// `npm run sandbox` in a checkout: the sandbox provider's bundle when built and current, else its TypeScript sources.
import './require-node.js';
import { importEntry } from './node-entry.js';

await importEntry('sandbox', 'sandbox/cli.ts');
