/**
 * The desktop stand-in's page side: Electron's sandboxed preload environment, evaluated in the window's page
 * before any of the page's own scripts (an init script). The built preload's source is wrapped as Electron
 * wraps it, given a `require` that knows only what Electron's sandbox provides (its renderer modules, events,
 * timers, url; anything else throws "module not found", as in Electron), and a `contextBridge` that hands the
 * page copies as Electron's context bridge does: plain values copied, functions and promises proxied, an
 * Error reduced to its message, nothing else (no prototype, no symbol, no getter) crossing.
 *
 * Plain JavaScript, kept as text: the main side (preload-script.ts) inserts the preload's source and its
 * settings at the two markers below.
 */
/* eslint-disable @typescript-eslint/no-unused-vars, @typescript-eslint/no-unused-expressions -- a template: the
   wrapper's parameters are the globals Electron gives a preload, and its body is the preload inserted at the marker. */
(function standinSandboxedPreload(config) {
  // Electron runs a preload in the main frame only (nodeIntegrationInSubFrames is off).
  if (window !== window.top) return;
  const toMain = window[config.binding];
  delete window[config.binding];

  class EventEmitter {
    #listeners = new Map();
    on(name, listener) {
      const list = this.#listeners.get(name) ?? [];
      list.push(listener);
      this.#listeners.set(name, list);
      return this;
    }
    addListener(name, listener) {
      return this.on(name, listener);
    }
    once(name, listener) {
      const once = (...args) => {
        this.off(name, once);
        listener(...args);
      };
      once.listener = listener;
      return this.on(name, once);
    }
    off(name, listener) {
      const list = this.#listeners.get(name) ?? [];
      const at = list.findIndex((l) => l === listener || l.listener === listener);
      if (at >= 0) list.splice(at, 1);
      return this;
    }
    removeListener(name, listener) {
      return this.off(name, listener);
    }
    removeAllListeners(name) {
      if (name === undefined) this.#listeners.clear();
      else this.#listeners.delete(name);
      return this;
    }
    emit(name, ...args) {
      const list = [...(this.#listeners.get(name) ?? [])];
      for (const listener of list) listener.apply(this, args);
      return list.length > 0;
    }
    listenerCount(name) {
      return (this.#listeners.get(name) ?? []).length;
    }
  }

  const notCloned = () => new Error('An object could not be cloned.');

  /** A value as the context bridge copies it between the preload's world and the page's. */
  function bridgeCopy(value, depth = 0) {
    if (depth > 1000) throw new Error('Object graph is too deep to cross the context bridge.');
    if (typeof value === 'symbol') throw notCloned();
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
    if (typeof value === 'function') {
      return function bridged(...args) {
        let result;
        try {
          result = value(...args.map((arg) => bridgeCopy(arg)));
        } catch (error) {
          throw new Error(error instanceof Error ? error.message : String(error));
        }
        return bridgeCopy(result);
      };
    }
    if (value instanceof Promise) {
      return value.then(
        (resolved) => bridgeCopy(resolved),
        (error) => {
          throw new Error(error instanceof Error ? error.message : String(error));
        },
      );
    }
    if (value instanceof Error) return new Error(value.message);
    if (Array.isArray(value)) return value.map((item) => bridgeCopy(item, depth + 1));
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date || value instanceof RegExp || value instanceof Blob) {
      return structuredClone(value);
    }
    if (value instanceof Element) return value;
    const copied = {};
    for (const key of Object.keys(value)) copied[key] = bridgeCopy(value[key], depth + 1);
    return copied;
  }

  const ipcRenderer = new EventEmitter();
  ipcRenderer.invoke = (channel, ...args) => {
    let cloned;
    try {
      cloned = structuredClone(args);
    } catch {
      return Promise.reject(notCloned());
    }
    return toMain({ type: 'invoke', channel, args: cloned }).then((reply) => {
      if ('error' in reply) throw new Error(`Error invoking remote method '${channel}': ${reply.error}`);
      return reply.value;
    });
  };
  ipcRenderer.send = (channel, ...args) => {
    void toMain({ type: 'send', channel, args: structuredClone(args) });
  };
  ipcRenderer.sendSync = () => {
    throw new Error('ipcRenderer.sendSync is not provided by the desktop stand-in (the app never blocks its page on the main process).');
  };
  // The main process's webContents.send arrives here (through an unlisted property: see docs/desktop.md, "What the desktop stand-in proves").
  Object.defineProperty(window, config.deliver, {
    value: (channel, args) => ipcRenderer.emit(channel, { sender: ipcRenderer, senderId: 0, ports: [] }, ...args),
  });

  // Chromium tells Electron's main process what was under a right-click: here, what the page can tell.
  document.addEventListener('contextmenu', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const field = target?.closest('input, textarea, [contenteditable=""], [contenteditable="true"]');
    const isEditable = Boolean(field && !field.readOnly && !field.disabled);
    const selectionText = field && 'value' in field ? field.value.slice(field.selectionStart ?? 0, field.selectionEnd ?? 0) : String(getSelection() ?? '');
    const link = target?.closest('a[href]');
    void toMain({
      type: 'context-menu',
      params: {
        isEditable,
        selectionText,
        linkURL: link ? link.href : '',
        misspelledWord: '',
        dictionarySuggestions: [],
        editFlags: { canCut: isEditable && selectionText !== '', canCopy: selectionText !== '', canPaste: isEditable, canSelectAll: true },
      },
    });
  }, true);

  const contextBridge = {
    exposeInMainWorld(key, api) {
      if (key in window) throw new Error('Cannot bind an API on top of an existing property on the window object');
      Object.defineProperty(window, key, { value: bridgeCopy(api), enumerable: true });
      void toMain({ type: 'exposed', key });
    },
    exposeInIsolatedWorld() {
      throw new Error('contextBridge.exposeInIsolatedWorld is not provided by the desktop stand-in.');
    },
  };
  const unprovided = (name) =>
    new Proxy({}, { get: () => { throw new Error(`electron.${name} is not provided by the desktop stand-in.`); } });
  const electron = {
    contextBridge,
    ipcRenderer,
    webFrame: unprovided('webFrame'),
    crashReporter: unprovided('crashReporter'),
    nativeImage: unprovided('nativeImage'),
    webUtils: unprovided('webUtils'),
  };
  const setImmediate = (fn, ...args) => setTimeout(fn, 0, ...args);
  const clearImmediate = (id) => clearTimeout(id);
  const events = Object.assign(EventEmitter, { EventEmitter });
  // What Electron's sandboxed preload can require: nothing from node_modules, no Node built-in but these.
  const modules = {
    electron,
    'electron/renderer': electron,
    'electron/common': { nativeImage: electron.nativeImage },
    events,
    timers: { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate },
    url: { URL, URLSearchParams },
  };
  const require = (name) => {
    if (Object.hasOwn(modules, name)) return modules[name];
    throw new Error(`module not found: ${name}`);
  };
  const process = Object.freeze({
    type: 'renderer',
    sandboxed: true,
    contextIsolated: true,
    platform: config.platform,
    arch: config.arch,
    versions: config.versions,
    env: {},
    argv: [],
  });
  const Buffer = unprovided('Buffer (in the stand-in)');
  const module = { exports: {} };
  try {
    (function (require, module, exports, process, Buffer, global, setImmediate, clearImmediate) {
      __PRELOAD_SOURCE__
    })(require, module, module.exports, process, Buffer, window, setImmediate, clearImmediate);
    void toMain({ type: 'preload-loaded' });
  } catch (error) {
    // Electron reports a preload that throws on the page's console and goes on loading the page without it.
    console.error(`Unable to load preload script: ${config.preloadPath}`);
    console.error(error);
    void toMain({ type: 'preload-error', message: error instanceof Error ? error.message : String(error) });
  }
})(__CONFIG__);
