import { contextBridge } from 'electron';

// The renderer's only window on the main process. The typed `call`/`on` bridge arrives with the contract;
// until then the renderer learns which host it runs in.
contextBridge.exposeInMainWorld('desk', Object.freeze({ host: 'electron' as const }));
