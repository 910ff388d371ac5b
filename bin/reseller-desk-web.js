#!/usr/bin/env node
// `npm run web` in a checkout: the web host from its TypeScript sources through tsx.
import './require-node.js';

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../electron/web/cli.ts');
process.exit(await main(process.argv.slice(2)));
