// `require('electron')` from a package (electron-updater, electron-store's CommonJS build) gets the one stand-in
// that launch.ts loaded: a second copy of its modules would be a second app, with its own windows and quit.
module.exports = globalThis.__deskStandinElectron;
