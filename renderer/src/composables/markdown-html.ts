/**
 * A ticket's or reply's Markdown as its live preview shows it: rendered with markdown-it (its own raw HTML off,
 * bare links made clickable), then sanitized by the announcements' sanitizer (no forms, styles or embeds; links
 * to a new tab without opener or referrer; no remote image loaded), so that nothing typed runs in the page.
 */
import MarkdownIt from 'markdown-it';
import { sanitizeAnnouncement } from '../components/detail/announcement-html';

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

export function markdownHtml(text: string): string {
  return sanitizeAnnouncement(markdown.render(text), { images: false }).html;
}
