/**
 * The renderer's one way to put HTML in the page: sanitized with DOMPurify. The provider's announcements are
 * HTML; a ticket's Markdown is rendered with markdown-it (its own raw HTML off, links made clickable) and then
 * sanitized the same way, so that nothing typed or received runs in the page.
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

/** HTML from anywhere, safe to bind with v-html. */
export function safeHtml(html: unknown): string {
  return DOMPurify.sanitize(String(html ?? ''));
}

/** Markdown as the preview shows it: rendered, then sanitized. */
export function markdownHtml(text: string): string {
  return safeHtml(markdown.render(text));
}
