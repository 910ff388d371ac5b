/**
 * Whom a ticket or reply written in this app was written for, in words: a non-client's "name <email>", a
 * contact's name as the lists show it, or null for the account holder.
 */
import { ref, watch, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { LocalId } from '../../../../shared/outbox/local-ids';
import { desk } from '../../bridge';

interface Authorship {
  contactid?: number | LocalId;
  name?: string;
  email?: string;
}

export function useOnBehalfOf(params: () => Authorship | undefined): Ref<string | null> {
  const { t } = useI18n();
  const words = ref<string | null>(null);
  watch(
    () => {
      const p = params();
      return [p?.contactid, p?.name, p?.email] as const;
    },
    async ([contactid, name, email]) => {
      if (name !== undefined && email !== undefined) return (words.value = `${name} <${email}>`);
      if (contactid === undefined) return (words.value = null);
      // Not read: the contact is said as unknown rather than left blank.
      const contact = await desk().call('data.get', { resource: 'contacts', id: contactid }).catch(() => null);
      const named = contact && 'firstName' in contact ? `${String(contact.firstName)} ${String(contact.lastName)}`.trim() : '';
      words.value = named || t('outbox.unnamed.unknown');
    },
    { immediate: true },
  );
  return words;
}
