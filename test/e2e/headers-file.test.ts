/**
 * dist/_headers gives static files their headers in production. `netlify dev` overrides the
 * lifetime of static files, so it is checked here rather than over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { readDist, distStamp } from '../helpers/dist.ts';
import { API_HEADER_NAMES, expectApiHeaders } from '../helpers/api-headers.ts';
import { majorPrefixes } from '../../core/headers.ts';
import { apiCatalogHeaders } from '../../core/page-headers.ts';
import { API_CATALOG_FILE, publishedPath } from '../../core/published-files.ts';

/** Netlify's `_headers` format: a path line, then indented `name: value` lines, rules apart. */
function parseHeaderRules(text: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = rules.get(line.trim()) ?? {};
      rules.set(line.trim(), current);
      continue;
    }
    const at = line.indexOf(':');
    if (!current || at < 0) throw new Error(`_headers: a header line outside a rule: ${line}`);
    const name = line.slice(0, at).trim().toLowerCase();
    expect(current[name], `_headers repeats ${name}`).toBeUndefined();
    current[name] = line.slice(at + 1).trim();
  }
  return rules;
}

describe('dist/_headers', () => {
  const rules = parseHeaderRules(readDist('_headers').toString('utf8'));

  it('has a rule for every path', () => {
    expect(rules.has('/*')).toBe(true);
  });

  it('gives every file a one-hour public lifetime', () => {
    expect(rules.get('/*')?.['cache-control']).toBe('public, max-age=3600');
  });

  it('gives every file the full API header set of this build', () => {
    // The validator comes from the CDN for static files, so only etag is not written here.
    expectApiHeaders(rules.get('/*') ?? {}, { stamp: distStamp(), cacheControl: 'public, max-age=3600', etag: false });
  });

  it('sets no header of the API set in any other rule, where Netlify would join two values', () => {
    // The API catalog names itself by a Link (RFC 9727, section 2). Link is a list (RFC 8288,
    // section 3), so were a retiring major's Link to match it too, the two joined are both links.
    const ownLink = new Set([...majorPrefixes(), ''].map((prefix) => `${prefix}${publishedPath(API_CATALOG_FILE)}`));
    for (const [path, headers] of rules) {
      if (path === '/*') continue;
      for (const name of [...API_HEADER_NAMES, 'deprecation', 'sunset', 'link']) {
        if (name === 'link' && ownLink.has(path)) expect(headers.link).toBe(apiCatalogHeaders().link);
        else expect(headers, `${path} sets ${name}`).not.toHaveProperty(name);
      }
    }
  });

  it('announces no deprecation while major 1 is current', () => {
    expect(rules.get('/*')).not.toHaveProperty('deprecation');
    expect(rules.get('/*')).not.toHaveProperty('sunset');
  });
});
