/**
 * The top-level entries `_headers` gives a Content-Security-Policy to: one per published folder
 * and file, whatever order the files come in, and none for what Netlify does not publish.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { topLevelEntries } from './headers.ts';
import { HEADERS_FILE, isPublished } from '../core/published-files.ts';
import { propertyRuns } from '../test/helpers/property.ts';

/** The entries as their definition says, file by file. */
const byDefinition = (files: readonly string[]) =>
  [...new Set(files.filter(isPublished).flatMap((file) => {
    if (file.includes('/')) return [`/${file.slice(0, file.indexOf('/'))}/*`];
    return file.endsWith('.html') ? [`/${file}`, `/${file.slice(0, -'.html'.length)}`] : [`/${file}`];
  }))].filter((path) => path !== `/${HEADERS_FILE}`).sort();

describe('topLevelEntries', () => {
  it('names each published folder once, each file, and a page by both its paths', () => {
    const files = ['skills/a/index.html', 'skills/a/index.md', 'catalog.json', '404.html', 'skills/b/index.html', HEADERS_FILE, 'v1/catalog.json'];
    expect(topLevelEntries(files)).toEqual(['/404', '/404.html', '/catalog.json', '/skills/*', '/v1/*']);
  });

  it('names no folder whose files are all unpublished, even beside one of the same prefix', () => {
    const files = ['.netlify/state.json', '.netlify/x/y.json', '.netlifyx/a.json', 'skills/.hidden/a.html', '.well-known/api-catalog'];
    expect(topLevelEntries(files)).toEqual(['/.well-known/*']);
    expect(topLevelEntries(['skills/.hidden/a.html', 'skills/b/index.html'])).toEqual(['/skills/*']);
    expect(topLevelEntries(['skills', 'skills/a.html', 'skillsx/b.html'])).toEqual(['/skills', '/skills/*', '/skillsx/*']);
  });

  it('is what its definition gives for any files in any order', () => {
    const segment = fc.constantFrom('skills', 'skill', 'skillsx', '.netlify', '.well-known', '.hidden', 'a', 'index.html', 'b.md', HEADERS_FILE, '404.html');
    const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
    fc.assert(fc.property(fc.uniqueArray(path, { maxLength: 30 }), (files) => {
      expect(topLevelEntries(files)).toEqual(byDefinition(files));
    }), { numRuns: propertyRuns(200) });
  });
});
