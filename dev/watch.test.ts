import { describe, expect, it } from 'vitest';
import type { Stats } from 'node:fs';
import { join } from 'node:path';
import { classifyChange, describeChanges, isWatched, shownPath, watchRoots } from './watch.ts';
import { FUNCTION_CONSTANTS_FILE, PAGE_LAYOUT_FILE } from '../build/function-constants.ts';
import { SCRATCH_KINDS } from '../test/helpers/scratch-files.ts';

const root = '/project';
const plan = { projectRoot: root, contentDir: '/elsewhere/content', headersFile: join(root, '_headers') };
const kind = (path: string) => classifyChange(plan, path);
const file = { isDirectory: () => false } as Stats;
const folder = { isDirectory: () => true } as Stats;

describe('what a change means', () => {
  it('content, and the hand-kept headers, are rebuilt by the warm build', () => {
    for (const path of ['skills/a.md', 'skills/group/b.markdown', 'bundles/c.md', 'docs/api.md', 'site.yaml', 'clusters.yaml']) {
      expect(kind(join('/elsewhere/content', path)), path).toBe('content');
    }
    expect(kind('/project/_headers')).toBe('content');
  });

  it('code, schemas and the files the build and functions read need fresh modules', () => {
    for (const path of ['site/llms.ts', 'build/emit/index.ts', 'core/query.ts', 'runtime/search-source.ts', 'functions/catalog.ts', 'schema/content/skill.schema.json', 'site/assets/style.css', 'netlify.toml', 'package-lock.json']) {
      expect(kind(join(root, path)), path).toBe('code');
    }
  });

  it('ignores what no build reads: tests, the constants the build writes itself, other files of the content folder', () => {
    for (const path of ['/project/build/load.test.ts', join(root, FUNCTION_CONSTANTS_FILE), join(root, PAGE_LAYOUT_FILE), '/project/dist/index.html', '/project/README.md', '/project/test/x.ts', '/project/content/skills/a.md', '/elsewhere/content/notes.txt', '/elsewhere/content/docs/sub/a.md', '/elsewhere/content/.git/HEAD']) {
      expect(kind(path), path).toBeUndefined();
    }
  });

  it('ignores every scratch file editors and tools write beside content and code', () => {
    for (const scratch of SCRATCH_KINDS) {
      for (const dir of ['/elsewhere/content', '/elsewhere/content/skills', '/elsewhere/content/docs', '/project/build', '/project/site/pages']) {
        const path = join(dir, scratch.name(dir.startsWith('/project') ? 'index.ts' : 'a.md'));
        expect(kind(path), path).toBeUndefined();
        expect(isWatched(plan, path, file), path).toBe(false);
      }
    }
    for (const path of ['/project/build/#index.ts#', '/project/build/index.ts.swp']) expect(kind(path), path).toBeUndefined();
  });
});

describe('what is watched', () => {
  it('starts from the project and from the content folder when it lies elsewhere, never from one inside another', () => {
    expect(watchRoots(plan)).toEqual(['/project', '/elsewhere/content']);
    expect(watchRoots({ ...plan, contentDir: '/project/content' })).toEqual(['/project']);
    expect(watchRoots({ ...plan, headersFile: '/tmp/h/_headers' })).toEqual(['/project', '/elsewhere/content', '/tmp/h']);
  });

  it('walks only the folders that hold or lead to what a build reads', () => {
    for (const path of ['/project', '/project/build', '/project/build/emit', '/elsewhere/content', '/elsewhere/content/skills', '/elsewhere/content/skills/new-folder']) {
      expect(isWatched(plan, path, folder), path).toBe(true);
      // Asked before chokidar knows what it is: kept until it can tell.
      expect(isWatched(plan, path), path).toBe(true);
    }
    for (const path of ['/project/node_modules', '/project/dist', '/project/test', '/project/.git', '/project/content', '/elsewhere/content/.git', '/elsewhere/content/skills/.cache']) {
      expect(isWatched(plan, path, folder), path).toBe(false);
    }
    expect(isWatched(plan, '/elsewhere/content/skills/a.md', file)).toBe(true);
    expect(isWatched(plan, '/project/_headers', file)).toBe(true);
    expect(isWatched(plan, '/project/README.md')).toBe(false);
  });
});

describe('how the terminal names a change', () => {
  it('a content file from its content folder\'s parent, code from the project root', () => {
    expect(shownPath(plan, '/elsewhere/content/skills/a.md')).toBe('content/skills/a.md');
    expect(shownPath(plan, '/project/build/load.ts')).toBe('build/load.ts');
  });

  it('a few files by name, a long list by its first three and a count', () => {
    expect(describeChanges(['a', 'b', 'c', 'd'])).toBe('a, b, c, d');
    expect(describeChanges(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c and 2 other files');
  });
});
