/**
 * The documentation cannot drift from the code: every repository path README.md, docs/** and the
 * comments of the hand-kept _headers name exists, every `npm run X` is a script of package.json,
 * every option given to a script is in that script's own option table, and every link between the
 * documents leads to a file and a heading. The rules of what counts as a path, a command or an
 * option are the checker's (test/helpers/docs-drift.ts); the checker itself is tried first on
 * planted mistakes, so that this test can fail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../build/index.ts';
import { headersCommentProblems, headingAnchors, markdownProblems } from '../helpers/docs-drift.ts';
import type { Repository } from '../helpers/docs-drift.ts';
import { entryOf, gitIgnored, projectRepository } from '../helpers/docs-repository.ts';

const DOCUMENTS = ['README.md', ...fg.sync('docs/**/*.md', { cwd: PROJECT_ROOT })];
const HAND_KEPT = ['_headers'];

describe('the documentation names only what exists', async () => {
  const repo = await projectRepository(PROJECT_ROOT);

  it('reads each script\'s options from an options module its entry imports, none parsed inline', () => {
    expect(repo.tableProblems).toEqual([]);
    // The tables are read, not empty: the ones the documents rely on most.
    expect([...repo.scriptOptions('dev')!]).toEqual(expect.arrayContaining(['port', 'host', 'allowed-host', 'content']));
    expect([...repo.scriptOptions('bench')!]).toEqual(expect.arrayContaining(['sizes', 'runs']));
    expect([...repo.scriptOptions('verify')!]).toEqual(expect.arrayContaining(['allow-payment-down', 'local']));
    expect([...repo.fileOptions('dev/measure.ts')]).toEqual(expect.arrayContaining(['runs']));
  });

  it.each(DOCUMENTS)('%s', (file) => {
    expect(markdownProblems(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'), repo)).toEqual([]);
  });

  it.each(HAND_KEPT)('the comments of %s', (file) => {
    expect(headersCommentProblems(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'), repo)).toEqual([]);
  });
});

/** A small tree in memory, with planted mistakes the checker must name. */
const FILES = new Set(['core/headers.ts', 'core/page-headers.ts', 'docs/editors.md', 'docs/operators.md', 'README.md', 'content/skills/a.md', 'scripts/dev.ts', 'dev/measure.ts']);
const TEXTS: Record<string, string> = {
  'docs/editors.md': '# Editors\n\n## The content editor (CMS)\n\n## Live preview: `npm run dev`\n\n## Live preview: `npm run dev`\n',
};
const OPTIONS: Record<string, string[]> = { dev: ['port', 'host', 'allowed-host'], bench: ['sizes', 'runs'], start: ['port'] };
const memory: Repository = {
  exists: (path) => {
    const clean = path.replace(/\/$/, '');
    if (clean.includes('*')) return [...FILES].some((file) => new RegExp(`^${clean.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file));
    return FILES.has(clean) || [...FILES].some((file) => file.startsWith(`${clean}/`));
  },
  read: (path) => TEXTS[path],
  topLevel: new Set(['core', 'docs', 'content', 'scripts', 'dev', 'dist', 'README.md', '_headers', 'package.json']),
  fileNames: new Set([...FILES].map((file) => file.split('/').at(-1)!)),
  isOutput: (path) => path.startsWith('dist/'),
  scripts: { dev: 'tsx scripts/dev.ts', bench: 'tsx scripts/bench.ts', start: 'tsx scripts/start.ts', test: 'vitest run', 'test:unit': 'vitest run --project unit' },
  scriptOptions: (script) => (script in memory.scripts ? new Set(OPTIONS[script] ?? []) : undefined),
  fileOptions: (file) => new Set(file === 'dev/measure.ts' ? ['runs'] : []),
};
const check = (markdown: string) => markdownProblems('docs/page.md', markdown, memory);

describe('the drift checker', () => {
  it('passes what exists, site addresses, templates, URLs, MIME types, outputs and fenced output', () => {
    expect(check([
      'The headers come from `core/headers.ts` and `page-headers.ts`; content lives in `content/` and `content/skills/<slug>.md`.',
      'A skill is served at `/skills/{slug}` and `/skills/<slug>.md`, from https://example.com/x and `https://example.com/core/gone.ts`.',
      'Served as `text/markdown`; the build writes `dist/_headers`; see `core/*.ts`. `catalog.json` is a site file.',
      '',
      '```',
      'core/gone.ts:3 title: a message that names a file',
      '```',
    ].join('\n'))).toEqual([]);
  });

  it('names a path that does not exist, a glob that matches nothing and a file name no file has', () => {
    expect(check('See `core/gone.ts`, `build/core/headers.ts`, `core/*.json` and `gone-headers.ts`, and `npx vitest run core/missing.test.ts`.')).toEqual([
      'docs/page.md:1 names core/gone.ts, which does not exist',
      'docs/page.md:1 names build/core/headers.ts, which does not exist',
      'docs/page.md:1 names core/*.json, which does not exist',
      'docs/page.md:1 names gone-headers.ts, and no file of the tree has that name',
      'docs/page.md:1 names core/missing.test.ts, which does not exist',
    ]);
  });

  it('names a script package.json does not have, in prose, code spans and fenced commands', () => {
    expect(check('Run npm run preview, then `npm run serve`.\n\n```sh\nnpm run deploy -- --prod\n```\n\n`npm start` and `npm test` exist.')).toEqual([
      'docs/page.md:1 names npm run preview, and package.json has no script "preview"',
      'docs/page.md:1 names npm run serve, and package.json has no script "serve"',
      'docs/page.md:4 names npm run deploy, and package.json has no script "deploy"',
    ]);
  });

  it('names an option its script does not take, after --, after npx tsx, and as a code span of its own', () => {
    expect(check([
      '`npm run dev -- --port 9000 --host 0.0.0.0` works; `npm run dev -- --allowed-hosts a.example` does not.',
      '',
      '```sh',
      'npm run bench -- --sizes 1000 --quick',
      '```',
      '',
      '`npx tsx dev/measure.ts --runs 20 --skill x` measures; `npm start -- --port 9000`.',
      '',
      'With `npm run dev`, `--allowed-host NAME` and `--hots x`; `npm run test:unit -- --bail`.',
      '',
      '## Benchmarks: `npm run bench`',
      '',
      'A paragraph naming no script: `--sizes 1000` and `--size 1000`.',
    ].join('\n'))).toEqual([
      'docs/page.md:1 gives npm run dev --allowed-hosts, which it does not accept (it takes --allowed-host, --host, --port)',
      'docs/page.md:3 gives npm run bench --quick, which it does not accept (it takes --runs, --sizes)',
      'docs/page.md:7 gives dev/measure.ts --skill, which it does not accept (it takes --runs)',
      'docs/page.md:9 names --hots, which npm run dev, npm run test:unit does not accept',
      'docs/page.md:9 gives npm run test:unit --bail, which it does not accept (it takes no options)',
      'docs/page.md:13 names --size, which npm run bench does not accept',
    ]);
  });

  it('names a link to a file that does not exist or to a heading it does not have', () => {
    expect(check([
      '[editors](editors.md), [the editor](editors.md#the-content-editor-cms), [dev](editors.md#live-preview-npm-run-dev-1),',
      '[here](#a-heading), [API](/docs/api), [site](https://example.com/#x).',
      '',
      '## A heading',
      '',
      '[gone](gone.md), [bad anchor](editors.md#the-content-editor), [up](../../x.md), [self](#no-such-heading).',
    ].join('\n'))).toEqual([
      'docs/page.md:6 links to gone.md, and docs/gone.md does not exist',
      'docs/page.md:6 links to editors.md#the-content-editor, and docs/editors.md has no heading with the anchor #the-content-editor',
      'docs/page.md:6 links to ../../x.md, outside the repository',
      'docs/page.md:6 links to #no-such-heading, and docs/page.md has no heading with the anchor #no-such-heading',
    ]);
  });

  it('makes anchors as GitHub does: lower case, punctuation dropped, code kept as text, repeats numbered', () => {
    expect([...headingAnchors('# Checking a deploy: `npm run verify`\n## `openapi.json` and client developers\n## Café, crème & co.\n## Tests\n## Tests\n')])
      .toEqual(['checking-a-deploy-npm-run-verify', 'openapijson-and-client-developers', 'café-crème--co', 'tests', 'tests-1']);
  });

  it('reads the comments of _headers, not its rules', () => {
    const headers = '# from build/core/headers.ts and core/page-headers.ts ("/*.md" is refused).\n/core/gone.ts\n  X-Example: yes\n';
    expect(headersCommentProblems('_headers', headers, memory)).toEqual(['_headers:1 names build/core/headers.ts, which does not exist']);
  });

  it('finds the entry file of a package.json command, and what .gitignore leaves to builds', () => {
    expect(entryOf('tsx scripts/dev.ts')).toBe('scripts/dev.ts');
    expect(entryOf('node scripts/bundled.mjs scripts/build.ts')).toBe('scripts/build.ts');
    expect(entryOf('node --max-semi-space-size=8 --heap-growing-percent=50 scripts/bundled.mjs scripts/build.ts')).toBe('scripts/build.ts');
    expect(entryOf('npm run build && tsx scripts/start.ts')).toBe('scripts/start.ts');
    expect(entryOf('vitest run && tsc --noEmit -p .')).toBeUndefined();
    const ignored = gitIgnored('node_modules/\n/dist/\n/dist.staging-*/\nruntime/generated/\n*.tmp\n');
    expect(['dist/_headers', 'node_modules/.cache/x', 'core/node_modules/x', 'runtime/generated/a.json', 'dist.staging-1-2/x', 'a/b.tmp'].filter(ignored)).toHaveLength(6);
    expect(['distant/x', 'core/dist/x', 'runtime/a.json', 'dist.swap.json'].filter(ignored)).toEqual([]);
  });
});
