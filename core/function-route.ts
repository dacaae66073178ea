/**
 * The shape of a function's exported `config`, as Netlify reads it. zip-it-and-ship-it parses the
 * object literal statically (runtimes/node/in_source_config/index.js): only literals count, so a
 * route list can be neither imported nor computed (test/functions-routing.test.ts checks that
 * Netlify's parse of each file equals what the module exports). Its method list admits HEAD,
 * which the `Config` type of @netlify/functions leaves out.
 */
import type { Config } from '@netlify/functions';

/** The methods Netlify can route to a function by name. TRACE, CONNECT and TRACK are not among
 * them, and a Fetch `Request` cannot carry them at all (they are forbidden methods). */
export type RouteMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type FunctionRoute = Omit<Config, 'method'> & { method: RouteMethod[] };
