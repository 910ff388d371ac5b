/**
 * The page's CSP allows no eval, so zod must not probe for it: its probe's `new Function`, though caught, is still
 * reported as a CSP violation. Imported first by main.ts, before any module builds a schema (zod reads the
 * setting when a schema is made).
 */
import { z } from 'zod';

z.config({ jitless: true });
