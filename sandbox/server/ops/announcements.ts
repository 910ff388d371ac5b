/**
 * get-announcements: announcements shared by every account, as flattened
 * `announcements[announcement][<n>][<field>]` keys, newest first (date, then id, descending) as upstream
 * lists them. Unpublished ones are listed too, with published "0", as the upstream API does.
 */
import type { Operation } from '../operation.js';
import { COUNTERS, flatten, pageCounters, readPage, stringifyNumbers } from '../reply.js';
import { Conditions, selectPage } from './sql.js';

const COLUMNS = 'id, date, title, announcement, published, parentid, language, created_at, updated_at';

export const getAnnouncements: Operation = {
  name: 'get-announcements',
  host: 'base',
  handle(ctx, params) {
    const page = readPage(params, ctx.options);
    const { total, rows } = selectPage<Record<string, string | number>>(ctx.db, {
      columns: COLUMNS, from: 'announcements', conditions: new Conditions(), orderBy: 'date DESC, id DESC', page,
    });
    return {
      json: {
        result: 'success',
        ...pageCounters(COUNTERS['get-announcements'], total, page, rows.length),
        ...flatten('announcements[announcement]', rows.map(stringifyNumbers)),
      },
    };
  },
};
