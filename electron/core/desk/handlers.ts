/** The shape of the Desk's procedure table, and of each namespace module's part of it. */
import type { z } from 'zod';
import type { PROCEDURES, ProcedureName, ProcedureOutput } from '../../../shared/contract.js';

export type ParsedInput<N extends ProcedureName> = z.output<(typeof PROCEDURES)[N]['input']>;

/** One handler per procedure of the contract: the compiler checks none is missing. */
export type Handlers = {
  [N in ProcedureName]: (input: ParsedInput<N>) => Promise<ProcedureOutput<N>> | ProcedureOutput<N>;
};

/**
 * The handlers of the procedures named `<namespace>.*` (and any extra names given). A module's object literal of
 * this type may hold no other procedure, so with disjoint namespaces each procedure has exactly one handler.
 */
export type HandlersOf<Namespace extends string, Extra extends ProcedureName = never> = Pick<
  Handlers,
  Extract<ProcedureName, `${Namespace}.${string}`> | Extra
>;
