// What the command-line bundles (vite.node.config.ts) give conf in place of ajv and ajv-formats: conf builds a
// JSON-schema validator only when given a schema, and the engine gives it none (zod validates the settings and
// the accounts), while loading ajv was a tenth of every command's start. A schema given one day fails loudly here.
function unavailable() {
  throw new Error('conf was given a JSON schema, but the command-line bundles leave ajv out (vite.node.config.ts)');
}

export class Ajv2020 {
  constructor() {
    unavailable();
  }
}

export default { default: unavailable };
