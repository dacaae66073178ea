/**
 * The page-kind registry (site/pages/registry.ts): every kind's module is registered once,
 * and what the kinds say about their pages is what the build writes. A kind that renders a page
 * the sitemap does not list, lists one it never writes, or names a JSON twin nothing writes fails
 * here, whichever kind it is.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, PROJECT_ROOT } from '../../build/index.ts';
import type { BuildResult } from '../../build/index.ts';
import { allPages, catalogueView, PAGE_KINDS, pageTasks, renderPageTask } from '../../site/pages/registry.ts';
import { buildBodies } from '../../build/run/bodies.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { majorPrefixes } from '../../core/headers.ts';
import { NOT_FOUND_PAGE } from '../../core/published-files.ts';
import { ADMIN_DIR } from '../../site/admin-config.ts';

const PAGES_DIR = join(PROJECT_ROOT, 'site/pages');

/** What a kind of page is made of (site/pages/kind.ts), whether it is registered or not. */
const isKindLike = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  && typeof (value as { pages?: unknown }).pages === 'function'
  // A listing kind renders its pages; an item kind draws each page and twin from its input.
  && (typeof (value as { render?: unknown }).render === 'function' || typeof (value as { html?: unknown }).html === 'function');
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

let root: string;
let result: BuildResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'page-kinds-'));
  result = await build({ contentDir: join(PROJECT_ROOT, 'content'), outDir: join(root, 'dist'), constantsFile: null, env: ENV, cacheDir: null, threads: 1 });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the page-kind registry', () => {
  it('registers each kind module exactly once, each under its own page type', async () => {
    const files = readdirSync(PAGES_DIR).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const kindsOf = await Promise.all(files.map(async (file) => {
      const module = (await import(join(PAGES_DIR, file))) as Record<string, unknown>;
      return [file, Object.values(module).filter(isKindLike)] as const;
    }));
    const kindModules = kindsOf.filter(([, kinds]) => kinds.length > 0);
    // A module is one kind, and every kind a module exports is registered.
    expect(Object.fromEntries(kindModules.map(([file, kinds]) => [file, kinds.length]))).toEqual(Object.fromEntries(kindModules.map(([file]) => [file, 1])));
    expect(kindModules.filter(([, [kind]]) => !PAGE_KINDS.includes(kind as (typeof PAGE_KINDS)[number])).map(([file]) => file)).toEqual([]);
    expect(PAGE_KINDS.length).toBe(kindModules.length);
    expect(new Set(PAGE_KINDS.map((kind) => kind.type)).size).toBe(PAGE_KINDS.length);
  });

  it('writes the HTML page and Markdown twin of every page it lists, and the JSON twin it names', () => {
    const written = new Set(result.files);
    const missing = allPages(result.model).flatMap((page) => [page.htmlFile, page.markdownFile, page.jsonPath.slice(1)].filter((file) => !written.has(file)));
    expect(missing).toEqual([]);
  });

  it('lists every HTML page it writes (so the sitemap and the header rules see each one)', () => {
    const listed = new Set(allPages(result.model).map((page) => page.htmlFile));
    const prefixes = majorPrefixes().map((prefix) => `${prefix.slice(1)}/`);
    const unlisted = result.files.filter((file) => file.endsWith('.html') && file !== NOT_FOUND_PAGE && !file.startsWith(`${ADMIN_DIR}/`)
      && !prefixes.some((prefix) => file.startsWith(prefix)) && !listed.has(file));
    expect(unlisted).toEqual([]);
  });

  it('gives each page one address: no two pages share a path or a file', () => {
    const pages = allPages(result.model);
    for (const key of ['path', 'htmlFile', 'markdownFile', 'url'] as const) {
      expect(new Set(pages.map((page) => page[key])).size, key).toBe(pages.length);
    }
  });

  it("renders each page task into exactly the files its kinds say its pages live at: an item's page, then its subpages", () => {
    const frame = siteFrame(result.model);
    const pages = allPages(result.model);
    const byPath = new Map(pages.map((page) => [page.path, page]));
    const tasks = pageTasks(frame, result.model, catalogueView(result.model));
    const rendered = tasks.map((task) => renderPageTask(frame, task, buildBodies).map((file) => file.path));
    // Every page's two files, each made by one task.
    expect(rendered.flat().sort()).toEqual(pages.flatMap((page) => [page.htmlFile, page.markdownFile]).sort());
    // A task is named by its own page, whose files come first.
    tasks.forEach((task, i) => expect(rendered[i].slice(0, 2), task.path).toEqual([byPath.get(task.path)!.htmlFile, byPath.get(task.path)!.markdownFile]));
    // A skill's install page is made in the skill's task.
    const skill = tasks.find((task) => task.kind === 'skill')!;
    expect(tasks.some((task) => task.kind === 'install')).toBe(false);
    expect(rendered[tasks.indexOf(skill)].slice(2)).toEqual([expect.stringMatching(/^install\/.+\.html$/), expect.stringMatching(/^install\/.+\.md$/)]);
  });

});
