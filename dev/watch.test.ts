import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { classifyChange } from './watch.ts';
import { FUNCTION_CONSTANTS_FILE } from '../build/function-constants.ts';

const root = '/project';
const plan = { projectRoot: root, contentDir: '/elsewhere/content', headersFile: join(root, '_headers') };
const kind = (path: string) => classifyChange(plan, path);

describe('what a change means', () => {
  it('content, and the hand-kept headers, are rebuilt by the warm build', () => {
    expect(kind('/elsewhere/content/skills/a.md')).toBe('content');
    expect(kind('/elsewhere/content/site.yaml')).toBe('content');
    expect(kind('/project/_headers')).toBe('content');
  });

  it('code, schemas and the files the build and functions read need fresh modules', () => {
    for (const path of ['site/llms.ts', 'build/emit/index.ts', 'core/query.ts', 'runtime/search-source.ts', 'functions/catalog.ts', 'schema/content/skill.schema.json', 'netlify.toml', 'package-lock.json']) {
      expect(kind(join(root, path)), path).toBe('code');
    }
  });

  it('ignores what no build reads: tests, editors\' swap files, and the constants the build writes itself', () => {
    for (const path of ['/project/build/load.test.ts', '/elsewhere/content/skills/.a.md.swp', '/elsewhere/content/skills/a.md~', '/elsewhere/content/skills/4913', join(root, FUNCTION_CONSTANTS_FILE), '/project/dist/index.html', '/project/README.md', '/project/test/x.ts']) {
      expect(kind(path), path).toBeUndefined();
    }
  });
});
