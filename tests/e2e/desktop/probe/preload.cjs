/* eslint-disable @typescript-eslint/no-require-imports -- a sandboxed preload is CommonJS: require is what it has */
// The stand-in's own spec: what a sandboxed preload may and may not require, and what the context bridge hands over.
const { contextBridge, ipcRenderer } = require('electron');
const { EventEmitter } = require('events');
const refused = [];
for (const name of ['zod', 'fs', 'node:path', 'child_process']) {
  try {
    require(name);
  } catch (error) {
    refused.push(error.message);
  }
}
class Secretive {
  constructor() {
    this.shown = 'yes';
  }
  hidden() {
    return 'method';
  }
}
contextBridge.exposeInMainWorld('probe', {
  refused,
  emitter: typeof EventEmitter,
  processType: process.type,
  echo: (value) => ipcRenderer.invoke('probe:echo', value),
  throws: () => ipcRenderer.invoke('probe:throws'),
  functionReply: () => ipcRenderer.invoke('probe:function'),
  instanceReply: () => ipcRenderer.invoke('probe:instance'),
  oneElectron: () => ipcRenderer.invoke('probe:one-electron'),
  sendFunction: () => ipcRenderer.invoke('probe:echo', () => 1),
  failing: () => {
    const error = new TypeError('from the preload');
    error.code = 'E_PRELOAD';
    throw error;
  },
  instance: new Secretive(),
  later: () => Promise.resolve({ at: 'resolved' }),
});
