/** `_headers`: the header module's set for every static file (Netlify applies it to files only). */
import { apiHeaders } from '../core/headers.ts';
import type { HeaderSet } from '../core/headers.ts';
import type { Emitter } from './types.ts';

export interface HeaderRule {
  path: string;
  headers: HeaderSet;
}

export const emitHeaders: Emitter = (model) => [
  { path: '_headers', bytes: formatHeaderRules([{ path: '/*', headers: apiHeaders(model.stamp) }]) },
];

export function formatHeaderRules(rules: readonly HeaderRule[]): string {
  return rules
    .map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
    .join('\n\n')
    .concat('\n');
}
