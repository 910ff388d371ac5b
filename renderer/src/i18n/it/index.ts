/** The it messages, one file per area of the app. */
import common from './common';
import frame from './frame';
import lists from './lists';
import dashboard from './dashboard';
import domains from './domains';
import accounts from './accounts';
import outbox from './outbox';
import settings from './settings';
import forms from './forms';
import errors from './errors';
import billing from './billing';
import shop from './shop';
import imports from './imports';
import renewals from './renewals';

export const it = { common, frame, lists, dashboard, domains, accounts, outbox, settings, forms, errors, billing, shop, imports, renewals };
