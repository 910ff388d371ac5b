/**
 * The desktop shell's own words (the tray, notifications, update prompts, the right-click menu), in the
 * person's language as the renderer's are: the Language setting, or the system's where it is 'system'. The
 * renderer's words live in renderer/src/i18n; these are the few the main process says itself. The OS words its
 * own menu roles (Copy, Paste, Quit…).
 */
import type { Settings } from '../../shared/contract.js';
import type { NotableChange, NotableKind } from '../../shared/sync.js';
import type { TrayState } from './tray-menu.js';

export type ShellLanguage = 'en' | 'it';

/** The Language setting's language; for 'system', the system locale's where the app speaks it, else English. */
export function shellLanguage(setting: Settings['language'], systemLocale: string): ShellLanguage {
  if (setting !== 'system') return setting;
  return systemLocale.toLowerCase().startsWith('it') ? 'it' : 'en';
}

export interface ShellWords {
  language: ShellLanguage;
  /** The application menu's own items; `&` marks the access key on Windows and Linux. */
  menu: {
    file: string;
    edit: string;
    view: string;
    newTicket: string;
    newContact: string;
    syncNow: string;
    outbox: string;
    billing: string;
    preferences: string;
    settings: string;
    search: string;
    openDataFolder: string;
    exportDiagnostics: string;
    checkForUpdates: string;
  };
  tray: {
    open(app: string): string;
    syncNow: string;
    quit(app: string): string;
    /** The outbox's line: what needs the person first, then what is still to be sent. */
    outbox(state: TrayState): string;
    /** The tooltip's addition when something needs the person. */
    needsYou(count: number): string;
  };
  stillRunning: { title(app: string): string; body: string };
  /** Edits that now wait for the person: their record changed on the provider since they were made. */
  waiting(count: number): { title: string; body: string };
  updates: {
    downloading(app: string, version: string): { message: string; detail: string };
    upToDate(app: string, version: string): { message: string; detail: string };
    ready(app: string, version: string): { message: string; detail: string; restart: string; later: string };
    failed: string;
  };
  contextMenu: { copyLink: string; addToDictionary: string; noGuesses: string };
  notifications: {
    titles: Record<NotableKind, string>;
    /** A change in words; the engine's English sentence when it carries no parts to word it from. */
    body(change: NotableChange): string;
    more(count: number): { title: string; body: string };
  };
}

const en: ShellWords = {
  language: 'en',
  menu: {
    file: '&File',
    edit: '&Edit',
    view: '&View',
    newTicket: 'New Ticket',
    newContact: 'New Contact',
    syncNow: 'Sync Now',
    outbox: 'Outbox',
    billing: 'Billing',
    preferences: 'Preferences…',
    settings: 'Settings…',
    search: 'Search…',
    openDataFolder: 'Open Data Folder',
    exportDiagnostics: 'Export Diagnostics…',
    checkForUpdates: 'Check for Updates…',
  },
  tray: {
    open: (app) => `Open ${app}`,
    syncNow: 'Sync Now',
    quit: (app) => `Quit ${app}`,
    outbox({ waiting, needsYou }) {
      const edits = (n: number) => (n === 1 ? '1 edit' : `${n} edits`);
      const needs = `${edits(needsYou)} ${needsYou === 1 ? 'needs' : 'need'} you`;
      if (needsYou > 0 && waiting > 0) return `Outbox: ${needs}, ${waiting} to send`;
      if (needsYou > 0) return `Outbox: ${needs}`;
      if (waiting > 0) return `Outbox: ${edits(waiting)} to send`;
      return 'Outbox: nothing to send';
    },
    needsYou: (count) => (count === 1 ? '1 edit needs you' : `${count} edits need you`),
  },
  stillRunning: {
    title: (app) => `${app} is still running`,
    body: 'It keeps syncing and sending your edits from the tray. Quit it from the tray icon, or change this in Settings.',
  },
  waiting: (count) => ({
    title: count === 1 ? 'An edit waits for you' : `${count} edits wait for you`,
    body: 'Changed on the provider since you made them: choose in the Outbox what to keep.',
  }),
  updates: {
    downloading: (app, version) => ({ message: `Downloading ${app} ${version}`, detail: 'It downloads in the background; you will be asked to restart when it is ready.' }),
    upToDate: (app, version) => ({ message: 'You’re up to date', detail: `${app} ${version} is the newest version.` }),
    ready: (app, version) => ({
      message: `${app} ${version} is ready`,
      detail: 'Restart to update now, or it will be installed when you next quit. An edit being sent finishes first; queued edits are kept either way.',
      restart: 'Restart to Update',
      later: 'Later',
    }),
    failed: 'The update could not be installed',
  },
  contextMenu: { copyLink: 'Copy Link', addToDictionary: 'Add to Dictionary', noGuesses: 'No Guesses Found' },
  notifications: {
    titles: {
      'ticket-answered': 'Ticket answered',
      'domain-expiring': 'Domain expiring soon',
      'service-suspended': 'Service suspended',
      'service-status': 'Service status changed',
      'order-paid': 'Order paid',
      'order-status': 'Order status changed',
      announcement: 'New announcement',
      'invoices-overdue': 'More invoices overdue',
    },
    body: (change) => change.text,
    more: (count) => ({ title: `${count} more changes`, body: 'The last sync found more changes worth a look.' }),
  },
};

/** Italian, as the renderer's Italian says the same things (renderer/src/i18n/it). */
const it: ShellWords = {
  language: 'it',
  menu: {
    file: '&File',
    edit: '&Modifica',
    view: '&Visualizza',
    newTicket: 'Nuovo ticket',
    newContact: 'Nuovo contatto',
    syncNow: 'Sincronizza ora',
    outbox: 'In uscita',
    billing: 'Fatturazione',
    preferences: 'Preferenze…',
    settings: 'Impostazioni…',
    search: 'Cerca…',
    openDataFolder: 'Apri la cartella dei dati',
    exportDiagnostics: 'Esporta diagnostica…',
    checkForUpdates: 'Cerca aggiornamenti…',
  },
  tray: {
    open: (app) => `Apri ${app}`,
    syncNow: 'Sincronizza ora',
    quit: (app) => `Esci da ${app}`,
    outbox({ waiting, needsYou }) {
      const needs = needsYou === 1 ? '1 modifica ti aspetta' : `${needsYou} modifiche ti aspettano`;
      const toSend = (n: number) => (n === 1 ? '1 da inviare' : `${n} da inviare`);
      if (needsYou > 0 && waiting > 0) return `In uscita: ${needs}, ${toSend(waiting)}`;
      if (needsYou > 0) return `In uscita: ${needs}`;
      if (waiting > 0) return `In uscita: ${toSend(waiting)}`;
      return 'In uscita: niente da inviare';
    },
    needsYou: (count) => (count === 1 ? '1 modifica ti aspetta' : `${count} modifiche ti aspettano`),
  },
  stillRunning: {
    title: (app) => `${app} è ancora attiva`,
    body: 'Continua a sincronizzare e a inviare le tue modifiche dall’area di notifica. Chiudila dalla sua icona, o cambia questa scelta nelle Impostazioni.',
  },
  waiting: (count) => ({
    title: count === 1 ? 'Una modifica ti aspetta' : `${count} modifiche ti aspettano`,
    body: 'Cambiate sul provider dopo che le hai fatte: scegli nella posta in uscita cosa tenere.',
  }),
  updates: {
    downloading: (app, version) => ({ message: `Download di ${app} ${version}`, detail: 'Si scarica in background; ti verrà chiesto di riavviare quando è pronto.' }),
    upToDate: (app, version) => ({ message: 'Sei aggiornato', detail: `${app} ${version} è la versione più recente.` }),
    ready: (app, version) => ({
      message: `${app} ${version} è pronta`,
      detail: 'Riavvia per aggiornare ora, oppure verrà installata alla prossima chiusura. Una modifica in invio finisce prima; le modifiche in coda restano comunque.',
      restart: 'Riavvia e aggiorna',
      later: 'Più tardi',
    }),
    failed: 'Non è stato possibile installare l’aggiornamento',
  },
  contextMenu: { copyLink: 'Copia link', addToDictionary: 'Aggiungi al dizionario', noGuesses: 'Nessun suggerimento' },
  notifications: {
    titles: {
      'ticket-answered': 'Risposta a un ticket',
      'domain-expiring': 'Dominio in scadenza',
      'service-suspended': 'Servizio sospeso',
      'service-status': 'Servizio cambiato di stato',
      'order-paid': 'Ordine pagato',
      'order-status': 'Ordine cambiato di stato',
      announcement: 'Nuovo annuncio',
      'invoices-overdue': 'Più fatture scadute',
    },
    body(change) {
      const p = change.params;
      if (!p) return change.text;
      switch (change.kind) {
        case 'ticket-answered':
          return `Risposta al ticket ${p.subject}`;
        case 'service-suspended':
          return `Servizio ${p.subject} sospeso`;
        case 'service-status':
          return `Servizio ${p.subject}: ${p.from ?? ''} → ${p.to ?? ''}`;
        case 'order-paid':
          return `Ordine ${p.subject} pagato`;
        case 'order-status':
          return `Ordine ${p.subject}: ${p.from ?? ''} → ${p.to ?? ''}`;
        case 'domain-expiring':
          return p.days === 0 ? `${p.subject} scade oggi` : p.days === 1 ? `${p.subject} scade domani` : `${p.subject} scade tra ${p.days ?? '?'} giorni`;
        case 'announcement':
          return `Nuovo annuncio: ${p.subject}`;
        case 'invoices-overdue':
          return p.count === 1 ? '1 fattura scaduta' : `${p.count ?? '?'} fatture scadute, ${p.previous ?? '?'} prima`;
      }
    },
    more: (count) => ({ title: `Altre ${count} modifiche`, body: 'L’ultima sincronizzazione ha trovato altre modifiche da guardare.' }),
  },
};

export const SHELL_WORDS: Record<ShellLanguage, ShellWords> = { en, it };
