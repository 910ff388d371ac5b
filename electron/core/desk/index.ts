/** The engine's face: open a Desk on a data folder, then `call` the contract's procedures and hear its events. */
export { Desk } from './desk.js';
export { DEMO_ACCOUNT, type DemoProvider, type DeskOptions } from './options.js';
