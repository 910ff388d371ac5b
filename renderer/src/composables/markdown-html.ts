/**
 * A ticket's or reply's Markdown as its live preview shows it: rendered with markdown-it (its own raw HTML off,
 * bare links made clickable), then sanitized with DOMPurify, so that nothing typed runs in the page. The same
 * sanitizer as the announcements' (DetailPane): when announcements get their own module, this calls it.
 */
import DOMPurify from 'dompurify';
import MarkdownIt from 'markdown-it';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

export function markdownHtml(text: string): string {
  return DOMPurify.sanitize(markdown.render(text), { FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'], FORBID_ATTR: ['style'] });
}
