/**
 * What the palette lists for a text: the records found (each with its details in words), then the commands: checking
 * the text when it is a domain name, each found kind's whole list filtered by the text, and the fixed commands
 * (palette-commands.ts) that match it; every command when nothing is found. Options are numbered in the order shown.
 */
import { computed, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { useRouter } from 'vue-router';
import { TEXT_KEY } from '../../../shared/list-query-params';
import type { OverlaidSearchHit } from '../../../shared/queries';
import { screenOf } from '../composables/record-route';
import { domainName } from './domain/domain-name';
import { matchCommands, paletteCommands, type PaletteCommand } from './palette-commands';
import { searchesRecords } from './palette-search';

/** An option of the list: a hit (with its details in words) or a command; `at` is its place among all shown. */
export interface PaletteOption {
  value: string;
  at: number;
  hit?: OverlaidSearchHit;
  words?: string;
  label?: string;
}

export function usePaletteOptions(text: Ref<string>, hits: Readonly<Ref<OverlaidSearchHit[]>>, hitWords: Readonly<Ref<string[]>>) {
  const { t } = useI18n();
  const router = useRouter();

  /** For each kind of record among the hits, its whole list filtered by the text (the palette shows 20 hits at most). */
  const listCommands = computed(() => {
    const q = text.value.trim();
    if (!q) return [];
    const screens = new Set(hits.value.map((hit) => screenOf(hit.resource)).filter((screen) => screen !== null));
    return [...screens].map((screen) => ({
      id: `list:${screen}`,
      label: t('dashboard.palette.allMatching', { screen: t(`lists.nav.${screen}`), text: q }),
      keywords: q,
      run: () => router.push({ name: screen, query: { [TEXT_KEY]: q } }),
    }));
  });

  /** The commands that do not depend on the text, made once per language (not at every keystroke). */
  const fixedCommands = computed(() => paletteCommands(t, router));
  /** Every command: first, when the text is a domain name, checking that domain; then the lists of what was found. */
  const commands = computed((): PaletteCommand[] => {
    const domain = domainName(text.value);
    const check = domain
      ? [{ id: `check:${domain}`, label: t('dashboard.palette.checkThis', { domain }), keywords: domain, run: () => router.push({ name: 'check-domain', query: { domain } }) }]
      : [];
    return [...check, ...listCommands.value, ...fixedCommands.value];
  });
  const matchedCommands = computed(() => matchCommands(commands.value, text.value).slice(0, text.value.trim() ? 6 : commands.value.length));
  /** Typed text that finds nothing: said above the list, which then offers every command (it is never empty). */
  const nothingFound = computed(() => text.value.trim() !== '' && hits.value.length === 0 && matchedCommands.value.length === 0);
  /** Said when nothing is found for one letter, which searches the commands only. */
  const typeMore = computed(() => nothingFound.value && !searchesRecords(text.value));
  const shownCommands = computed(() => (nothingFound.value ? commands.value : matchedCommands.value));

  /** The list's two groups, records found then commands, each shown when it has options. */
  const groups = computed(() => {
    const records: PaletteOption[] = hits.value.map((hit, at) => ({ value: `hit:${hit.resource}:${hit.id}`, at, hit, words: hitWords.value[at] }));
    const commandOptions: PaletteOption[] = shownCommands.value.map((command, i) => ({ value: command.id, at: records.length + i, label: command.label }));
    return [
      { key: 'records', label: t('dashboard.palette.records'), options: records },
      { key: 'commands', label: t('dashboard.palette.commands'), options: commandOptions },
    ].filter((group) => group.options.length > 0);
  });
  /** Every option shown, in order. */
  const optionValues = computed(() => groups.value.flatMap((group) => group.options.map((option) => option.value)));

  return { commands, nothingFound, typeMore, groups, optionValues };
}
