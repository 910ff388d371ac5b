/**
 * Desk: the engine's single face. One method, `call(name, input)`, for every procedure of shared/contract.ts
 * (input parsed with the contract's schema, errors turned into CallErrors), and the contract's events. The
 * Electron shell, the web host and the CLI all drive the engine through it. Each namespace's procedures are
 * handled by a module of their own, sharing one DeskState.
 */
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { PROCEDURES, type EventName, type EventPayloads, type ProcedureInput, type ProcedureName, type ProcedureOutput } from '../../../shared/contract.js';
import { AccountStore } from '../accounts/account-store.js';
import { DeskError, toDeskError } from '../desk-error.js';
import { fileSettingsStore } from '../settings-store.js';
import { makePrivateDir, tightenTree } from '../storage/private-files.js';
import { accountsHandlers } from './accounts.js';
import { announcementsHandlers } from './announcements.js';
import { appHandlers } from './app.js';
import { catalogueHandlers } from './catalogue.js';
import { billingHandlers } from './billing.js';
import { printHandlers } from './print.js';
import { dataHandlers } from './data.js';
import { domainsHandlers } from './domains.js';
import { draftsHandlers } from './drafts.js';
import type { Handlers, ParsedInput } from './handlers.js';
import { bulkEditHandlers } from './bulk-edit.js';
import { importsHandlers } from './imports.js';
import { openAccount } from './open-account.js';
import type { DeskOptions } from './options.js';
import { outboxHandlers } from './outbox.js';
import { renewalsHandlers } from './renewals.js';
import { sessionHandlers } from './session.js';
import { settingsHandlers } from './settings.js';
import { collectDiagnostics, serialiseDiagnostics, type HostVersions } from '../diagnostics/collect.js';
import { DeskState } from './state.js';
import { syncHandlers } from './sync.js';

type DeskEvents = { [E in EventName]: [EventPayloads[E]] };

export class Desk extends EventEmitter<DeskEvents> {
  private readonly state: DeskState;
  private readonly handlers: Handlers;

  private constructor(options: DeskOptions) {
    super();
    const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
      (this.emit as (event: E, payload: EventPayloads[E]) => boolean)(event, payload);
    };
    this.state = new DeskState(options, new AccountStore(options.dataDir), options.settings ?? fileSettingsStore(options.dataDir), emit);
    this.handlers = {
      ...sessionHandlers(this.state),
      ...accountsHandlers(this.state),
      ...syncHandlers(this.state),
      ...dataHandlers(this.state),
      ...billingHandlers(this.state),
      ...catalogueHandlers(this.state),
      ...printHandlers(),
      ...outboxHandlers(this.state),
      ...importsHandlers(this.state),
      ...bulkEditHandlers(this.state),
      ...draftsHandlers(this.state),
      ...domainsHandlers(this.state),
      ...renewalsHandlers(this.state),
      ...settingsHandlers(this.state),
      ...announcementsHandlers(),
      ...appHandlers(this.state),
    };
  }

  /** Opens the engine on a data folder and, when there is one, the current account. */
  static async open(options: DeskOptions): Promise<Desk> {
    makePrivateDir(options.dataDir);
    const tightened = tightenTree(options.dataDir);
    const desk = new Desk(options);
    desk.state.applyLogLevel();
    if (tightened.length > 0) {
      desk.state.log(`the data folder ${options.dataDir} could be read by other users of this computer: its ${tightened.length} files and folders are now yours alone`);
    }
    const { accounts } = desk.state;
    const current = accounts.current;
    try {
      if (current !== null && accounts.has(current)) await openAccount(desk.state, accounts.get(current));
    } catch (error) {
      // Said once here; the account's own calls say it again, and every other account and command works.
      desk.state.log((error as Error).message);
    }
    return desk;
  }

  /**
   * Runs one procedure of the contract, its input typed from the contract (a wrong mutation's params fail to
   * compile). Rejects with a DeskError (a CallError) on any failure.
   */
  call<N extends ProcedureName>(name: N, ...input: undefined extends ProcedureInput<N> ? [input?: ProcedureInput<N>] : [input: ProcedureInput<N>]): Promise<ProcedureOutput<N>> {
    return this.callUnchecked(name, input[0]);
  }

  /**
   * The same for a caller whose input is not typed yet (what arrives over IPC or the web host's socket): the
   * contract's schema checks it at run time, as it does every input.
   */
  async callUnchecked<N extends ProcedureName>(name: N, input: unknown): Promise<ProcedureOutput<N>> {
    try {
      if (!Object.hasOwn(PROCEDURES, name)) throw new DeskError('not_found', `No procedure named "${String(name)}".`);
      const parsed = z.parse(PROCEDURES[name].input, input) as ParsedInput<N>;
      return await this.handlers[name](parsed);
    } catch (error) {
      throw toDeskError(error, name, this.state.options.dataDir, (line, level) => this.state.log(line, level));
    }
  }

  /**
   * The diagnostics bundle's text (diagnostics/collect.ts), for the host to write where the person chose: not a
   * procedure, so no page can have the engine write a file.
   */
  diagnostics(host: HostVersions): string {
    return serialiseDiagnostics(collectDiagnostics(this.state, host));
  }

  async dispose(): Promise<void> {
    const { state } = this;
    await state.session?.dispose();
    state.session = null;
    await state.demo?.stop();
    state.demo = null;
  }
}
