/**
 * Every link the built site publishes leads somewhere: the link checker (test/helpers/link-check.ts)
 * over every HTML page, Markdown twin, llms.txt, llms-full.txt, sitemap.xml, robots.txt, feed, the API catalog and JSON
 * file of dist/, with the function routes Netlify deploys (each function's config as
 * zip-it-and-ship-it reads it). And the links this catalogue is about: "Install" goes to the
 * skill's install page here, and a cart link goes to the shop named in site.yaml, on its own
 * origin, or is not there at all.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Bundle, Catalog, SiteContent, Skill } from '../../core/types.ts';
import { deployedFunctions, functionsFor, netlifyRewrites, resolve } from '../helpers/route-table.ts';
import type { DeployedFunction, Rewrite } from '../helpers/route-table.ts';
import { checkLinks, fileFor, linksInHtml, linksInMarkdown } from '../helpers/link-check.ts';
import type { LinkedSite } from '../helpers/link-check.ts';
import { CONTENT, DIST, baseUrl, files, read, splitTwin } from './dist.ts';
import { ADMIN_DIR } from '../../site/admin-config.ts';
import { API_CATALOG_FILE, feedFile } from '../../core/published-files.ts';

let functions: DeployedFunction[];
let rewrites: Rewrite[];
beforeAll(async () => {
  functions = await deployedFunctions();
  rewrites = netlifyRewrites();
});

function distSite(): LinkedSite {
  // The functions that answer any path (the 404s): what they answer is no page.
  const catchAll = new Set(functionsFor(functions, '/link-check/no-such-path', 'GET', false));
  return {
    baseUrl: baseUrl(),
    isFile: (file) => {
      try {
        return statSync(join(DIST, file)).isFile();
      } catch {
        return false;
      }
    },
    read,
    functionAnswers: (path) => {
      const { owner } = resolve(functions, rewrites, path, 'GET', () => false);
      return owner.kind === 'function' && !catchAll.has(owner.name);
    },
  };
}

const site = parseYaml(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as SiteContent;
const catalog = () => JSON.parse(read('catalog.json')) as Catalog;
const published = () => [...files('**/*.{html,md,txt,xml,json}'), API_CATALOG_FILE];

describe('links in dist/', () => {
  it('all lead somewhere: every internal href, src and URL to a file or a function route, every fragment to an id, every external link a well-formed https:// URL', () => {
    const checked = published();
    // The checker saw every kind of file it reads.
    for (const kind of ['index.html', 'index.md', 'llms.txt', 'llms-full.txt', 'sitemap.xml', 'robots.txt', 'catalog.json', feedFile('atom'), feedFile('json'), API_CATALOG_FILE]) expect(checked).toContain(kind);
    expect(checkLinks(distSite(), checked)).toEqual([]);
  });

  it('lead from every skill page and twin to its install page, which this site serves', () => {
    const dist = distSite();
    for (const skill of catalog().skills) {
      const install = new URL(skill.install_url);
      expect(install.origin, skill.slug).toBe(baseUrl());
      expect(fileFor(dist, install.pathname), skill.install_url).toBe(`install/${skill.slug}.html`);
      const page = linksInHtml(read(`skills/${skill.slug}.html`)).links.map((link) => link.value);
      expect(page, skill.slug).toContain(install.pathname);
      expect(linksInMarkdown(read(`skills/${skill.slug}.md`)).map((link) => link.value), skill.slug).toContain(skill.install_url);
    }
  });

  it('never go to a cart on this site: with no shop in site.yaml no page or twin has a cart link, and cart_url is the item\'s own page', () => {
    const items: (Skill | Bundle)[] = [...catalog().skills, ...catalog().bundles];
    const base = new URL(baseUrl()).origin;
    for (const item of items) {
      if (site.shop) expect(new URL(item.cart_url).origin, item.slug).not.toBe(base);
      else expect(item.cart_url, item.slug).toBe(item.url);
    }
    if (site.shop) return;
    // The pages and twins shoppers read; the editor at /admin/ carries the schemas' own wording.
    for (const file of files('**/*.{html,md}').filter((path) => !path.startsWith(`${ADMIN_DIR}/`))) {
      const text = file.endsWith('.md') ? splitTwin(read(file)).markdown : read(file);
      expect(text, file).not.toMatch(/add (bundle )?to cart/i);
    }
  });

  it('install pages: one per published skill, with its commands, the Claude Code folders and its twin', () => {
    const skills = catalog().skills;
    expect(files('install/*.html')).toEqual(skills.map((skill) => `install/${skill.slug}.html`).sort());
    for (const skill of skills) {
      const html = read(`install/${skill.slug}.html`);
      const twin = splitTwin(read(`install/${skill.slug}.md`));
      expect(twin.matter).toMatchObject({ url: skill.install_url, type: 'install', site: baseUrl() });
      for (const text of [html, twin.markdown]) {
        for (const command of skill.commands) expect(text, skill.slug).toContain(command);
        expect(text, skill.slug).toContain(`.claude/skills/${skill.slug}/SKILL.md`);
        expect(text, skill.slug).toContain(`~/.claude/skills`);
        expect(text, skill.slug).toContain(`curl -fsSL ${skill.markdown_url}`);
      }
    }
  });
});
