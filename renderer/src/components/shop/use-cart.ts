/**
 * The account's cart: one draft (`add-order:cart`), kept by the engine like a form's (drafts.ts), so that a
 * reload or a restart finds it again; its secrets (EPP codes, root passwords) stay in this memory only. Placing
 * it queues ONE add-order with every line, and the draft goes in the same step; the cart then remembers the
 * placed order's outbox entry, to show its confirmation.
 */
import { defineStore } from 'pinia';
import { computed, shallowRef, watch } from 'vue';
import type { DraftKey, DraftValue } from '../../../../shared/outbox/drafts';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import { desk } from '../../bridge';
import { useDeskEvent } from '../../composables/desk-event';
import { useDrafts } from '../forms/drafts';
import { cartCount, emptyCart, orderParams, type Cart, type CartLine } from './cart';
import { CartSchema } from './cart-schema';

export const CART_DRAFT: DraftKey = 'add-order:cart';

let made = 0;
/** A line's key: unique in this cart (its secrets are held by it). */
export const newLineKey = () => `${Date.now().toString(36)}-${(made++).toString(36)}`;

export const useCart = defineStore('cart', () => {
  const drafts = useDrafts();
  const cart = shallowRef<Cart>(drafts.draft(CART_DRAFT, emptyCart));
  // Another account has its own cart (the drafts store let go of this one first).
  useDeskEvent('accounts.changed', () => queueMicrotask(() => (cart.value = drafts.draft(CART_DRAFT, emptyCart))));
  // Checked as it is read back (before any screen draws it): a cart that does not parse is set aside, never shown.
  watch(cart, (value) => CartSchema.safeParse(value).success || setAsideCart(value), { deep: true });
  watch(cart, () => drafts.save(CART_DRAFT, JSON.stringify(cart.value) === JSON.stringify(emptyCart())), { deep: true });

  /**
   * Keeps the unreadable cart under its own draft name (add-order:cart:set-aside, for whoever wants it back; the
   * drafts store says so, as for any form) and empties this one in place (the drafts store holds it), which
   * forgets the saved draft.
   */
  function setAsideCart(value: Cart): void {
    drafts.keepAside(CART_DRAFT, JSON.parse(JSON.stringify(value)) as DraftValue);
    Object.assign(value, emptyCart());
  }

  const count = computed(() => cartCount(cart.value));

  /** Adds a line, or replaces the line with its key; its secrets go beside it. */
  function put(line: CartLine, secrets: { eppcode?: string; rootpw?: string } = {}): void {
    const lines = cart.value.lines;
    const at = lines.findIndex((l) => l.key === line.key);
    cart.value.lines = at === -1 ? [...lines, line] : lines.map((l, i) => (i === at ? line : l));
    for (const field of ['eppcode', 'rootpw'] as const) {
      const { [line.key]: _dropped, ...others } = cart.value[field];
      cart.value[field] = secrets[field] ? { ...others, [line.key]: secrets[field] } : others;
    }
  }

  function remove(key: string): void {
    cart.value.lines = cart.value.lines.filter((l) => l.key !== key);
  }

  /** Order-wide domain settings a form brings (nameservers, registrant), where it gives them. */
  function takeDomainSettings(nameservers: readonly string[], contactid: Cart['contactid']): void {
    if (nameservers.some((ns) => ns.trim() !== '')) cart.value.nameservers = nameservers.map((ns) => ns.trim());
    if (contactid !== null) cart.value.contactid = contactid;
  }

  /** Queues the cart as one add-order (the draft is dropped with it); the cart is then empty, but for the confirmation. */
  async function place(): Promise<OutboxEntry> {
    const entry = await drafts.sendWith(CART_DRAFT, (draft) => desk().call('outbox.enqueue', { kind: 'add-order', params: orderParams(cart.value), draft }));
    cart.value = drafts.draft(CART_DRAFT, emptyCart);
    cart.value.placed = entry.id;
    return entry;
  }

  /** The confirmation read: the cart forgets the order it placed. */
  function forgetPlaced(): void {
    cart.value.placed = null;
  }

  return { cart, count, put, remove, takeDomainSettings, place, forgetPlaced };
});
