/**
 * A form that queues one kind of edit (or one of a few: a contact's form adds or updates), typed from the
 * contract end to end: the edit it queues is the kind's Mutation, and the fields it names are the kind's params,
 * so a wrong field, a missing one or one of the wrong type does not compile. It holds the form's draft
 * (drafts.ts): restored when the form opens, saved as the person types, dropped once the edit is queued (by the
 * engine, in the same transaction) or the form is discarded.
 */
import { computed, onBeforeUnmount, shallowRef, toValue, watch, type MaybeRefOrGetter, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { DraftKey, DraftValue } from '../../../../shared/outbox/drafts';
import { memoryOnlyFields } from '../../../../shared/outbox/drafts';
import type { OutboxEntry } from '../../../../shared/outbox/entry';
import type { MutationKind } from '../../../../shared/outbox/kinds';
import type { Mutation, MutationInput } from '../../../../shared/outbox/schemas';
import { desk } from '../../bridge';
import { useDrafts, type Rebase } from './drafts';
import { useFormSend } from './use-form-send';

/** The edit of one of the kinds K. */
export type MutationOf<K extends MutationKind> = Extract<Mutation, { kind: K }>;
/** A param of one of the kinds K (a form's field the engine may name in a refusal). */
export type ParamOf<K extends MutationKind> = K extends MutationKind ? Extract<keyof MutationInput<K>, string> : never;

export interface MutationFormOptions<K extends MutationKind, D extends DraftValue> {
  /** A blank form. */
  fresh: () => D;
  /** What the draft is about besides its kind (a record's id), when a form of this kind may have several. */
  subject?: MaybeRefOrGetter<string | number | null | undefined>;
  /** A dialog's open state: its draft is taken up when it opens, and it closes once its edit is queued. */
  open?: Ref<boolean>;
  /** The params the form shows in fields, where the engine's messages about them land. */
  fields: readonly ParamOf<K>[];
  /** A draft of a record reopened: its untouched fields take the record's values now (drafts.ts, Rebase). */
  rebase?: Rebase<D>;
  /** Once the edit is queued (e.g. to open the record it makes). */
  queued?: (entry: OutboxEntry) => void;
}

export function useMutationForm<K extends MutationKind, D extends DraftValue>(kind: MaybeRefOrGetter<K>, options: MutationFormOptions<K, D>) {
  const drafts = useDrafts();
  const { t } = useI18n();
  const { busy, errors, send, refuse, refuseFields } = useFormSend(options.fields);
  const key = computed((): DraftKey => {
    const subject = toValue(options.subject);
    return subject === null || subject === undefined ? toValue(kind) : `${toValue(kind)}:${subject}`;
  });
  // Shallow: the draft is the drafts store's reactive object, swapped whole when the form's key changes.
  const draft = shallowRef<D>(options.fresh());

  const isOpen = () => options.open?.value ?? true;
  watch(
    [isOpen, key],
    ([open], [, previousKey]) => {
      if (previousKey && previousKey !== key.value) void drafts.flush(previousKey);
      if (open) draft.value = drafts.draft(key.value, options.fresh, options.rebase);
      else void drafts.flush(key.value);
    },
    { immediate: true },
  );
  watch(draft, () => drafts.save(key.value, JSON.stringify(draft.value) === JSON.stringify(options.fresh())), { deep: true });
  onBeforeUnmount(() => void drafts.flush(key.value));

  /**
   * What a form says beside a field that stays in memory only (a secret param of the kind, attachments), read
   * from the kind's definition; undefined for the others.
   */
  const notKeptNote = (field: ParamOf<K>) => {
    if (!memoryOnlyFields(toValue(kind)).includes(field)) return undefined;
    return field === 'attachments' ? t('forms.notKeptFiles') : t('forms.notKept');
  };

  /** Sends through `call`, which is given the draft to drop; once queued the form closes and `queued` hears of it. */
  function submitWith<R>(call: (draft: DraftKey) => Promise<R>, done?: (result: R) => void): Promise<void> {
    return send(async () => {
      const sentKey = key.value;
      const result = await drafts.sendWith(sentKey, call);
      if (options.open) options.open.value = false;
      else draft.value = drafts.draft(sentKey, options.fresh);
      done?.(result);
    });
  }

  /** Queues the edit; a refusal stays on the form, with what was typed. */
  function queue(mutation: MutationOf<K>): Promise<void> {
    return submitWith((draftKey) => desk().call('outbox.enqueue', { ...mutation, draft: draftKey }), options.queued);
  }

  /** Starts over: the draft goes, here and in the engine, and a dialog closes. */
  function discard(): void {
    drafts.drop(key.value, true);
    draft.value = drafts.draft(key.value, options.fresh);
    if (options.open) options.open.value = false;
  }

  return { draft, key, busy, errors, refuse, refuseFields, queue, submitWith, discard, notKeptNote };
}
