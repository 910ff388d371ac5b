/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}

interface Window {
  /** Exposed by the preload (Electron) or the web host's bridge: the contract of shared/contract.ts. */
  desk?: {
    readonly host: 'electron' | 'web';
    call(name: string, input?: unknown): Promise<unknown>;
    on(event: string, listener: (payload: unknown) => void): () => void;
  };
}
