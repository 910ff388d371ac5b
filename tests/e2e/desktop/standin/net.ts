/**
 * The stand-in's `net.request`: Electron's ClientRequest follows Node's (events response, error, the response a
 * readable stream with statusCode and headers), so Node's http and https stand in; the Electron-only options
 * (session, redirect) are dropped. electron-updater downloads through it.
 */
import { request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';

type NetOptions = RequestOptions & { url?: string; session?: unknown; redirect?: string };

export const net = {
  request(options: NetOptions | string): ClientRequest {
    if (typeof options === 'string') return (options.startsWith('https:') ? httpsRequest : httpRequest)(options);
    const { url, session: _session, redirect: _redirect, ...rest } = options;
    if (url) return (url.startsWith('https:') ? httpsRequest : httpRequest)(url, rest);
    return (rest.protocol === 'https:' ? httpsRequest : httpRequest)(rest);
  },
};
