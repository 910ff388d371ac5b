/**
 * get-announcements: announcements shared by every account, as flattened
 * `announcements[announcement][<n>][<field>]` keys, newest first (date, then id, descending) as upstream
 * lists them. Unpublished ones are listed too, with published "0", as the upstream API does. An image of the
 * sandbox's own (media.ts) is named at the address the request came to.
 */
import { ANNOUNCEMENT_ORIGIN } from '../../store/announcements.js';
import { stringifyNumbers } from '../reply.js';
import { listOperation } from './list-operation.js';
import { Conditions } from './sql.js';

const COLUMNS = 'id, date, title, announcement, published, parentid, language, created_at, updated_at';

export const getAnnouncements = listOperation({
  name: 'get-announcements',
  host: 'base',
  own: false,
  select: { columns: COLUMNS, from: 'announcements', orderBy: 'date DESC, id DESC' },
  filter: () => ({ conditions: new Conditions() }),
  wire: (ctx, rows) =>
    rows.map((row) => stringifyNumbers({ ...row, announcement: String(row.announcement).replaceAll(ANNOUNCEMENT_ORIGIN, ctx.origin) })),
  shape: { flattened: 'announcements[announcement]' },
});
