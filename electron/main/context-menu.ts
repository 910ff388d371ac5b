/**
 * The right-click menu people expect in a desktop window: cut, copy, paste and select all in text fields, copy
 * on selected text, copy link on a link, and the spelling suggestions the OS's checker offers for a misspelled
 * word. A template of plain data from Electron's context-menu parameters, tested without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { ShellWords } from './shell-words.js';

/** What the template reads of Electron's ContextMenuParams. */
export interface ContextMenuParams {
  isEditable: boolean;
  selectionText: string;
  linkURL: string;
  misspelledWord: string;
  dictionarySuggestions: string[];
  editFlags: { canCut: boolean; canCopy: boolean; canPaste: boolean; canSelectAll: boolean };
}

export interface ContextMenuActions {
  copyLink(url: string): void;
  replaceMisspelling(word: string): void;
  addToDictionary(word: string): void;
}

const MAX_SUGGESTIONS = 5;
const isWebLink = (url: string) => /^https?:\/\//i.test(url);

export function contextMenuTemplate(params: ContextMenuParams, actions: ContextMenuActions, words: ShellWords['contextMenu']): MenuItemConstructorOptions[] {
  const groups: MenuItemConstructorOptions[][] = [];
  if (params.isEditable && params.misspelledWord) {
    const suggestions = params.dictionarySuggestions.slice(0, MAX_SUGGESTIONS);
    groups.push([
      ...(suggestions.length > 0
        ? suggestions.map((word): MenuItemConstructorOptions => ({ label: word, click: () => actions.replaceMisspelling(word) }))
        : [{ label: words.noGuesses, enabled: false }]),
      { label: words.addToDictionary, click: () => actions.addToDictionary(params.misspelledWord) },
    ]);
  }
  if (isWebLink(params.linkURL)) groups.push([{ label: words.copyLink, click: () => actions.copyLink(params.linkURL) }]);
  if (params.isEditable) {
    groups.push([
      { role: 'cut', enabled: params.editFlags.canCut },
      { role: 'copy', enabled: params.editFlags.canCopy },
      { role: 'paste', enabled: params.editFlags.canPaste },
    ]);
    groups.push([{ role: 'selectAll', enabled: params.editFlags.canSelectAll }]);
  } else if (params.selectionText.trim() !== '') {
    groups.push([{ role: 'copy' }]);
  }
  return groups.flatMap((group, index) => (index === 0 ? group : [{ type: 'separator' } as const, ...group]));
}
