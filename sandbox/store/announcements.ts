/** The provider's announcements (shared by every account): HTML bodies, spread over the past three years. */
import { formatDay, formatMoment, SECONDS_PER_DAY } from './calendar.js';
import type { Catalogue } from './catalogue.js';
import { formatCents } from './money.js';
import type { Rng } from './rng.js';
import { SHARED_SERVERS, VIRTUALIZATION_SERVERS } from './vocabulary.js';

const SPAN_DAYS = 3 * 365;
const SITE = 'https://www.hostingprovider.net';

/**
 * The sandbox's own address in a stored announcement: get-announcements names the address it was asked at
 * (the port is known only once the sandbox listens), where it serves the images (sandbox/server/media.ts).
 */
export const ANNOUNCEMENT_ORIGIN = '{{sandbox-origin}}';
/** A chart the sandbox serves itself, so that "Show images" has a real image to show, offline too. */
const UPLINK_CHART = `<p><img src="${ANNOUNCEMENT_ORIGIN}/media/uplinks.png" alt="Chart: uplink load by hour of the day" width="480" height="160"></p>`;

type Template = (rng: Rng, catalogue: Catalogue, day: number) => { title: string; html: string };

const TEMPLATES: readonly Template[] = [
  (rng, _catalogue, day) => {
    const server = rng.pick([...SHARED_SERVERS, ...VIRTUALIZATION_SERVERS]);
    const when = formatDay(day + rng.int(3, 10));
    return {
      title: `Scheduled maintenance on ${server.name} (${when})`,
      html: `<p>We will perform scheduled maintenance on <strong>${server.hostname}</strong> on ${when} between 02:00 &amp; 04:00 UTC.</p>`
        + '<ul><li>Kernel security updates</li><li>MariaDB minor upgrade</li></ul>'
        + '<p>Expected downtime: &lt; 15 minutes. Follow live updates on our <a href="https://status.hostingprovider.net">status page</a>.</p>'
        + `<p>The window is the quietest of the day:</p>${UPLINK_CHART}`,
    };
  },
  (rng, catalogue) => {
    const tld = rng.pick(catalogue.tlds);
    return {
      title: `Price change for ${tld.tld} domains`,
      html: `<p>The registry has raised its wholesale fee for <strong>${tld.tld}</strong>. From next month the renewal price is `
        + `$${formatCents((tld.renew[0] ?? 0) + rng.int(1, 3) * 100)} USD per year.</p>`
        + `<p>Renew before then to keep today&rsquo;s price &mdash; see the <a href="${SITE}/domains/pricing">price list</a>.</p>`,
    };
  },
  (rng, catalogue) => {
    const product = catalogue.products.length > 0 ? rng.pick(catalogue.products) : null;
    const name = product ? `${product.groupName}: ${product.name}` : 'Cloud VPS';
    return {
      title: `New: ${name}`,
      html: `<p>We are happy to introduce <strong>${name}</strong>.</p>`
        + '<ul><li>NVMe storage</li><li>Free migration by our team</li><li>30-day money-back guarantee</li></ul>'
        + `<p><a href="${SITE}/store">Order now</a> &amp; save 20 % on the first term.</p>`,
    };
  },
  (rng) => {
    const version = rng.pick(['8.2', '8.3', '8.4']);
    return {
      title: `PHP ${version} now available on all shared servers`,
      html: `<p>PHP <strong>${version}</strong> can now be selected in the <em>MultiPHP Manager</em>.</p>`
        + '<p>Older versions (&lt; 8.1) no longer receive security fixes; please update your sites.</p>',
    };
  },
  (rng) => {
    const plugin = rng.pick(['Forms & Surveys Pro', 'Gallery "Lightbox" Plus', 'Shop <Express>']);
    const escaped = plugin.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    return {
      title: `Security advisory: ${plugin} WordPress plugin`,
      html: `<p><strong>Action required:</strong> a vulnerability in the plugin &quot;${escaped}&quot; is being exploited.</p>`
        + '<ol><li>Update the plugin to the latest version</li><li>Change your admin passwords</li></ol>'
        + `<p>Questions? <a href="${SITE}/support">Open a ticket</a>.</p>`,
    };
  },
  (rng, _catalogue, day) => {
    const year = new Date(day * SECONDS_PER_DAY * 1000).getUTCFullYear();
    return {
      title: `Holiday support hours ${year}`,
      html: `<p>Our office is closed on public holidays. Emergency support stays available <strong>24/7</strong>.</p>`
        + `<p>Billing questions will be answered from the ${rng.pick(['2nd', '3rd'])} working day after the holidays.</p>`,
    };
  },
  () => ({
    title: 'Network upgrade in Frankfurt — Umbau abgeschlossen',
    html: '<p>The uplinks in our Frankfurt data centre now run at <strong>2 × 100 Gbit/s</strong>.</p>'
      + '<p>Die Umstellung ist abgeschlossen; es sind keine Änderungen auf Ihrer Seite nötig.</p>'
      + UPLINK_CHART,
  }),
];

export function buildAnnouncements(rng: Rng, catalogue: Catalogue, today: number, count: number): Record<string, string | number>[] {
  const start = today - SPAN_DAYS;
  const latestMoment = today * SECONDS_PER_DAY - 60;
  return Array.from({ length: count }, (_, i) => {
    // Evenly spread, jittered, so dates (and ids) grow together.
    const day = start + Math.floor(((i + rng.next()) * SPAN_DAYS) / Math.max(1, count));
    const moment = day * SECONDS_PER_DAY + rng.int(8 * 3600, 18 * 3600);
    const { title, html } = (TEMPLATES[i % TEMPLATES.length] as Template)(rng, catalogue, day);
    const edited = rng.chance(0.2);
    return {
      id: i + 1,
      date: formatMoment(moment),
      title,
      announcement: html,
      // The newest announcement is still a draft; a few old ones were unpublished.
      published: i === count - 1 && count > 1 ? 0 : rng.chance(0.05) ? 0 : 1,
      parentid: 0,
      language: '',
      created_at: formatMoment(moment),
      updated_at: formatMoment(edited ? Math.min(moment + rng.int(1, 30) * 3600, latestMoment) : moment),
    };
  });
}
