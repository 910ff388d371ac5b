/**
 * Where the keyboard goes when the person's own action takes away the control they used: an Outbox row settled
 * (Keep mine, Retry, Discard…) leaves its tab, a conflict banner leaves the record's detail. Without this the
 * focus falls to the page and a keyboard user starts again from the top. A screen provides its rules (what a
 * peer is, where in a peer its controls are, its home when no peer is left); a control says it is leaving
 * as its action starts. Once the control is gone, the focus goes to a control like it in its peer if that is still
 * shown, else in the next peer (else the one before, else home) — only if it fell to the page: a person who moved
 * on meanwhile keeps where they went.
 */
import { inject, provide, type InjectionKey } from 'vue';

export interface FocusHandOffRules {
  /** A selector for the element a control belongs to that leaves as a whole (a table body, a banner). */
  peer: string;
  /**
   * Where, inside a peer, the controls like the one that left are (a selector; '' for the whole peer): the one
   * doing the same (its `data-action`) takes the focus, else the first button there.
   */
  area: (from: Element) => string;
  /** Where the focus goes when no peer is left. */
  home: () => HTMLElement | null | undefined;
}

const RULES: InjectionKey<FocusHandOffRules> = Symbol('focus-hand-off');
/** How long the peer may take to leave (the engine answers, the store reads the tab again); then nothing is done. */
const WAIT_MS = 10_000;

/** Gives the screen's rules to the controls under it; returns the hand-off for the screen's own controls (inject does not reach its provider). */
export function provideFocusHandOff(rules: FocusHandOffRules): (from: EventTarget | null) => void {
  provide(RULES, rules);
  return handOffWith(rules);
}

/** The first of the candidates still shown that has a control like it (the peer itself first, if only the control left). */
function nextFocus(rules: FocusHandOffRules, from: HTMLElement, candidates: Element[]): HTMLElement | null {
  const area = rules.area(from);
  const action = from.dataset.action;
  const like = [...(action ? [`${area} [data-action="${action}"]`] : []), `${area} button:not([disabled])`];
  for (const candidate of candidates) {
    if (!candidate.isConnected) continue;
    for (const selector of like) {
      const control = candidate.querySelector<HTMLElement>(selector.trim());
      if (control) return control;
    }
  }
  return rules.home() ?? null;
}

/** The function a control calls as its action starts, with the control (an event's currentTarget); outside a provider, it does nothing. */
export function useFocusHandOff(): (from: EventTarget | null) => void {
  const rules = inject(RULES, null);
  return rules ? handOffWith(rules) : () => undefined;
}

function handOffWith(rules: FocusHandOffRules): (from: EventTarget | null) => void {
  return (from) => {
    if (!(from instanceof HTMLElement)) return;
    const peer = from.closest(rules.peer);
    if (!peer?.parentElement) return;
    const peers = [...peer.parentElement.querySelectorAll(`:scope > ${rules.peer}`)];
    const at = peers.indexOf(peer);
    const [before, after] = [peers.slice(0, at), peers.slice(at + 1)];
    const until = performance.now() + WAIT_MS;
    const watch = () => {
      if (performance.now() > until) return;
      if (from.isConnected) return void requestAnimationFrame(watch);
      const focused = document.activeElement;
      // The dialog that asked (Discard…?) is still closing: where the focus lands is known once it has closed.
      if (focused?.closest('[role="dialog"], [role="alertdialog"]')) return void requestAnimationFrame(watch);
      if (focused && focused !== document.body) return;
      nextFocus(rules, from, [peer, ...after, ...before.reverse()])?.focus();
    };
    requestAnimationFrame(watch);
  };
}
