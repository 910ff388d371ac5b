/**
 * A record's HTML fields (an announcement's body), sanitized for it (announcement-html.ts: no forms, no styles,
 * remote images only once the person asks, fetched then by the engine and shown as data: URLs, which the CSP
 * allows). `showImages` is for this record only; an image that could not be fetched becomes a note saying so.
 */
import { computed, ref, shallowRef, watch, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import type { ResourceView } from '../../../../shared/resource-fields';
import { desk } from '../../bridge';
import { useErrorWords } from '../../composables/error-words';
import { sanitizeAnnouncement, type FetchedImage, type SanitizedAnnouncement } from './announcement-html';
import type { DetailRecord } from './detail-parts';

export function useRecordHtml(view: () => ResourceView, record: Ref<DetailRecord | null>, id: () => string) {
  const { t } = useI18n();
  const { say } = useErrorWords();
  /** Remote images in this record's HTML are shown once the user asks (for this record only). */
  const showImages = ref(false);
  /** Those images as the engine fetched them (announcements.image), by address: the page loads no remote image itself. */
  const fetchedImages = shallowRef<ReadonlyMap<string, FetchedImage>>(new Map());
  const fetchingImages = new Set<string>();
  watch(id, () => {
    showImages.value = false;
    fetchedImages.value = new Map();
    fetchingImages.clear();
  });
  function imageFailedNote(alt: string): string {
    return alt.trim() ? t('lists.detail.imageFailed', { alt: alt.trim() }) : t('lists.detail.imageFailedNoAlt');
  }
  /** Each HTML field of the record, sanitized once per change. */
  const sanitized = computed(() => {
    const out: Record<string, SanitizedAnnouncement> = {};
    const shown = record.value;
    const options = { images: showImages.value, fetched: fetchedImages.value, failedNote: imageFailedNote };
    for (const group of view().detail) {
      for (const spec of group.fields ?? []) {
        if (spec.kind === 'html' && shown) out[spec.field] = sanitizeAnnouncement(String(shown[spec.field] ?? ''), options);
      }
    }
    return out;
  });
  /** Once images are shown, each one not fetched yet is asked of the engine; one that fails becomes a note saying so. */
  watch(sanitized, (fields) => {
    const forId = id();
    for (const url of Object.values(fields).flatMap((field) => field.remoteImages)) {
      if (fetchedImages.value.has(url) || fetchingImages.has(url)) continue;
      fetchingImages.add(url);
      void desk()
        .call('announcements.image', { url })
        .then(
          ({ dataUrl }): FetchedImage => ({ dataUrl }),
          (error: unknown): FetchedImage => ({ failed: say(error) }),
        )
        .then((image) => {
          if (id() !== forId || !fetchingImages.delete(url)) return;
          fetchedImages.value = new Map(fetchedImages.value).set(url, image);
        });
    }
  });
  return { sanitized, showImages };
}
