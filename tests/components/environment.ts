/**
 * happy-dom for the renderer, with Node's own FormData, Blob and File kept for the engine that runs beside it
 * (a real Desk behind the bridge): the engine's requests are multipart forms that axios's Node adapter sends
 * only when built from Node's classes (happy-dom's FormData it refuses as "data after transformation").
 */
import { builtinEnvironments, type Environment } from 'vitest/runtime';

const NODE_GLOBALS = ['FormData', 'Blob', 'File'] as const;

const happyDom = builtinEnvironments['happy-dom'];

const environment: Environment = {
  name: 'happy-dom-beside-node',
  viteEnvironment: 'client',
  async setup(global: Record<string, unknown>, options) {
    const node = NODE_GLOBALS.map((name) => [name, global[name]] as const);
    const dom = await happyDom.setup(global, options);
    for (const [name, value] of node) Object.defineProperty(global, name, { value, configurable: true, writable: true });
    return dom;
  },
};

export default environment;
