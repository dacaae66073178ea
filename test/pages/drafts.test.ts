/** Drafts (and bundles left with fewer than two live skills) appear nowhere: no page, no twin, no
 * listing, no sitemap URL, no llms entry, no link. */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Catalog } from '../../core/types.ts';
import { CONTENT, exists, files, isItemPage, read } from './dist.ts';

interface Unpublished {
  section: 'skills' | 'bundles';
  slug: string;
  title: string;
}

const frontMatterOf = (path: string) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(readFileSync(path, 'utf8'))![1]) as Record<string, unknown>;
const catalog = JSON.parse(read('catalog.json')) as Catalog;

function unpublished(): Unpublished[] {
  const found: Unpublished[] = [];
  for (const section of ['skills', 'bundles'] as const) {
    const listed = new Set<string>((section === 'skills' ? catalog.skills : catalog.bundles).map((item) => item.slug));
    for (const path of fg.sync('**/*.md', { cwd: join(CONTENT, section), absolute: true })) {
      const slug = basename(path, '.md');
      const data = frontMatterOf(path);
      if (data.draft === true || !listed.has(slug)) found.push({ section, slug, title: String(data.title) });
    }
  }
  return found;
}

describe('unpublished content', () => {
  const hidden = unpublished();
  const published = new Set([...catalog.skills, ...catalog.bundles].map((item) => item.title.toLowerCase()));
  const texts = files('**/*').filter((file) => /\.(html|md|txt|xml|json)$|^_headers$/.test(file)).map((file) => ({ file, text: read(file) }));

  it('includes the drafts of the content (the suite has something to prove)', () => {
    expect(hidden.length).toBeGreaterThan(0);
  });

  it('has no file of its own in dist/', () => {
    for (const { section, slug } of hidden) {
      for (const ext of ['html', 'md', 'json']) expect(exists(`${section}/${slug}.${ext}`), `${section}/${slug}.${ext}`).toBe(false);
    }
  });

  it('is linked, listed or named by no page, twin, listing, sitemap or header rule', () => {
    for (const { section, slug, title } of hidden) {
      const path = new RegExp(`/${section}/${slug}(?![a-z0-9-])`);
      // A draft may share its title with a published item (a v2 in the works); only unique titles tell.
      const checkTitle = !published.has(title.toLowerCase());
      for (const { file, text } of texts) {
        expect(path.test(text), `${file} mentions /${section}/${slug}`).toBe(false);
        if (checkTitle) expect(text.includes(title), `${file} names "${title}"`).toBe(false);
      }
    }
  });

  it('leaves exactly the published items with pages', () => {
    const items = (glob: string) => files(glob).filter(isItemPage);
    expect(items('skills/*.html')).toEqual(catalog.skills.map((skill) => `skills/${skill.slug}.html`).sort());
    expect(items('bundles/*.html')).toEqual(catalog.bundles.map((bundle) => `bundles/${bundle.slug}.html`).sort());
  });
});
