/**
 * The `electron` module as the desktop stand-in gives it to the built main bundle (launch.ts maps the name
 * here). It implements, for the parts the app uses, what Electron's documentation promises, and refuses what
 * Electron refuses; docs/desktop.md ("What the desktop stand-in proves") says what only a real binary
 * can prove.
 */
import { app } from './app.js';
import { StandinBrowserWindow as BrowserWindow } from './browser-window.js';
import { ipcMain } from './ipc-main.js';
import { net } from './net.js';
import { defaultSession } from './session.js';
import { clipboard, dialog, Menu, nativeImage, Notification, screen, shell, Tray } from './shell-parts.js';

const session = { defaultSession, fromPartition: defaultSession.fromPartition };

export { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, nativeImage, net, Notification, screen, session, shell, Tray };
const electron = { app, BrowserWindow, clipboard, dialog, ipcMain, Menu, nativeImage, net, Notification, screen, session, shell, Tray };
// The one instance, for `require('electron')` (electron-require.cjs).
Object.assign(globalThis, { __deskStandinElectron: electron });
export default electron;
