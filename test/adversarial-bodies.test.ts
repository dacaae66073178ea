/**
 * Hostile Markdown bodies: nesting that overflows a recursive parser, constructs whose parsing is
 * quadratic, tables and footnotes that multiply, bodies far past any real one. Each case of
 * `test/fixtures/adversarial/body-*` is laid over the small fixture (like the bad-content cases)
 * and is either refused, by `npm run check` and the build alike, with problems naming the file,
 * the field `body`, the line and the limit (build/render/body-limits.ts), or built within the bound.
 *
 * The bound (2 s and 200 MB for a build) is asserted without timing anything in the test: each
 * build that must succeed runs in a child process with its heap capped at 200 MB
 * (`--max-old-space-size`: past it V8 ends the process) and is killed if it has not finished after
 * KILL_AFTER_MS. That cap is far above 2 s on purpose: the machine's two cores are shared by other
 * test runs, which can make any process ten times slower, and what the limits keep out is not
 * slower by a small factor but by orders of magnitude (a 5 MB body takes 45 s, 4,000 underlined
 * headings 20 s, 2,000 `>` end in a stack overflow), so the cap separates bounded from unbounded
 * without failing on a busy day. The CPU time and peak memory each build used are reported in the
 * test's name for the record, not asserted. Refused cases are refused by the loader before any
 * Markdown is parsed, so they run in this process.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import type { Nodes } from 'mdast';
import { build, checkContent, PROJECT_ROOT } from '../build/index.ts';
import type { ContentError } from '../build/content-error.ts';
import { BODY_LIMITS } from '../build/render/body-limits.ts';
import type { ChildReport, Outcome } from './helpers/adversarial-child.ts';
import { outcome } from './helpers/content-outcome.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const SMALL = join(FIXTURES, 'content-small');
const ADVERSARIAL = join(FIXTURES, 'adversarial');
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

const HEAP_MB = 200;
const KILL_AFTER_MS = 45_000;

/** The limit a refused case goes beyond, by the words of its problem. */
const LIMIT = {
  size: new RegExp(`^a Markdown body of at most ${BODY_LIMITS.bytes.toLocaleString('en')} bytes`),
  nesting: new RegExp(`^quotes and lists nested at most ${BODY_LIMITS.blockDepth} deep`),
  emphasis: new RegExp(`^emphasis nested at most ${BODY_LIMITS.inlineDepth} deep`),
  scanned: /^at most 1,000 of \[ \] < and closing \* _ ~ in one paragraph/,
  underlined: /^at most 200 headings underlined with === or ---/,
  quotes: /^at most 200 quotes that begin right below a line of text/,
  listItems: /^at most 2,000 list items$/,
  tableCells: /^tables of at most 2,000 cells/,
  footnotes: /^at most 1,000 footnote references/,
} as const;

interface Refused {
  /** The file every problem names, inside the content folder. */
  file: string;
  /** The limits it goes beyond, each once, and the line each problem names. */
  limits: [RegExp, number][];
}

const BETA = 'skills/beta.md';
/** beta.md's body starts on this line of the file. */
const BODY = 11;

/** Each body-* folder and what must come of it. */
const CASES: Record<string, Refused | 'builds'> = {
  'body-deep-quotes': { file: BETA, limits: [[LIMIT.nesting, BODY]] },
  'body-deep-stars': { file: BETA, limits: [[LIMIT.emphasis, BODY]] },
  'body-deep-list-indent': { file: BETA, limits: [[LIMIT.nesting, BODY + 39]] },
  'body-deep-list-markers': { file: BETA, limits: [[LIMIT.nesting, BODY]] },
  'body-deep-ordered': { file: BETA, limits: [[LIMIT.nesting, BODY]] },
  'body-nested-emphasis': { file: BETA, limits: [[LIMIT.emphasis, BODY]] },
  'body-mismatched-emphasis': { file: BETA, limits: [[LIMIT.emphasis, BODY], [LIMIT.scanned, BODY]] },
  'body-oversize': { file: BETA, limits: [[LIMIT.size, BODY]] },
  'body-underlined-headings': { file: BETA, limits: [[LIMIT.underlined, BODY + 3 * 200 + 1]] },
  'body-quote-resumptions': { file: BETA, limits: [[LIMIT.quotes, BODY + 2 * 201]] },
  'body-table-amplification': { file: BETA, limits: [[LIMIT.tableCells, BODY + 8]] },
  'body-footnote-references': { file: BETA, limits: [[LIMIT.scanned, BODY], [LIMIT.footnotes, BODY]] },
  'body-list-items': { file: BETA, limits: [[LIMIT.listItems, BODY + 2000]] },
  'body-emphasis-closers': { file: BETA, limits: [[LIMIT.scanned, BODY]] },
  'body-link-closers': { file: BETA, limits: [[LIMIT.scanned, BODY]] },
  'body-link-openers': { file: BETA, limits: [[LIMIT.scanned, BODY]] },
  'body-nested-brackets': { file: BETA, limits: [[LIMIT.scanned, BODY]] },
  'body-unclosed-links': { file: BETA, limits: [[LIMIT.scanned, BODY]] },
  'body-unclosed-comment': { file: BETA, limits: [[LIMIT.scanned, BODY]] },
  'body-bundle-deep-quotes': { file: 'bundles/starter.md', limits: [[LIMIT.nesting, 8]] },
  'body-guide-deep-stars': { file: 'docs/guide.md', limits: [[LIMIT.emphasis, 5]] },
  'body-max-prose': 'builds',
  'body-max-list-items': 'builds',
  'body-max-task-items': 'builds',
  'body-max-quote-depth': 'builds',
  'body-max-list-depth': 'builds',
  'body-max-emphasis-depth': 'builds',
  'body-max-table': 'builds',
  'body-max-scanned': 'builds',
  'body-max-closers': 'builds',
  'body-underlined-headings-199': 'builds',
  'body-quote-resumptions-199': 'builds',
  'body-footnotes-999': 'builds',
  'body-emphasis-openers': 'builds',
  'body-reference-definitions': 'builds',
  'body-autolinks': 'builds',
  'body-backticks': 'builds',
  'body-entities': 'builds',
  'body-html-blocks': 'builds',
  'body-one-paragraph-lines': 'builds',
  'body-nul-bytes': 'builds',
  'body-unclosed-fence': 'builds',
  'body-hostile-html': 'builds',
};

/** Check and build one content folder in a child process on the pinned Node, capped in heap and time. */
function buildInChild(contentDir: string, outDir: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'test/helpers/adversarial-child.ts', contentDir, outDir], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: KILL_AFTER_MS,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as ChildReport);
      const why = signal === 'SIGKILL' ? `killed after ${KILL_AFTER_MS} ms` : `exit code ${code}, signal ${signal}`;
      reject(new Error(`building ${contentDir} failed (${why}):\n${stderr.slice(-2000)}`));
    });
  });
}

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'adversarial-bodies-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function contentFor(name: string, lay: (dir: string) => Promise<void>): Promise<string> {
  const contentDir = join(work, name);
  await cp(SMALL, contentDir, { recursive: true });
  await lay(contentDir);
  return contentDir;
}

const layCase = (name: string) => (dir: string) => cp(join(ADVERSARIAL, name), dir, { recursive: true, filter: (source) => !source.endsWith('README.md') });

describe('the adversarial body corpus', () => {
  it('has a case in this suite for every body-* folder, and a folder for every case', async () => {
    const folders = (await readdir(ADVERSARIAL, { withFileTypes: true })).filter((entry) => entry.isDirectory() && entry.name.startsWith('body-'));
    expect(folders.map((entry) => entry.name).sort()).toEqual(Object.keys(CASES).sort());
  });
});

describe.each(Object.entries(CASES).filter(([, want]) => want !== 'builds') as [string, Refused][])('adversarial body: %s', (name, want) => {
  let checked: Outcome;
  let built: Outcome;

  beforeAll(async () => {
    const contentDir = await contentFor(name, layCase(name));
    checked = await outcome(() => checkContent(contentDir));
    built = await outcome(() => build({ contentDir, outDir: join(work, `${name}-dist`), constantsFile: null, env: ENV }));
  });

  it('is refused by npm run check and the build alike, naming file, field body, line and limit', () => {
    expect(built).toEqual(checked);
    expect(checked.ok).toBe(false);
    const { problems } = checked as { problems: ContentError['problems'] };
    expect(problems.map((problem) => [problem.expected, problem.line])).toEqual(
      want.limits.map(([limit, line]) => [expect.stringMatching(limit), line]),
    );
    for (const problem of problems) {
      expect(problem.file.endsWith(`/${want.file}`), problem.file).toBe(true);
      expect(problem.field).toBe('body');
      expect(problem.got).toMatch(/^[\d,]+ [a-z ]+$/);
    }
  });
});

describe('a 5 MB body', () => {
  it('is refused for its size by check and build alike, before any of it is parsed', async () => {
    const contentDir = await contentFor('body-5mb', async (dir) => {
      const beta = await readFile(join(dir, BETA), 'utf8');
      await writeFile(join(dir, BETA), `${beta}${'Plain words in a plain sentence. '.repeat(160_000)}\n`);
    });
    const checked = await outcome(() => checkContent(contentDir));
    const built = await outcome(() => build({ contentDir, outDir: join(work, 'body-5mb-dist'), constantsFile: null, env: ENV }));
    expect(built).toEqual(checked);
    expect(checked).toEqual({ ok: false, problems: [expect.objectContaining({ field: 'body', line: BODY, expected: expect.stringMatching(LIMIT.size), got: expect.stringMatching(/^5,28\d,\d{3} bytes$/) })] });
  });
});

const parse = (text: string) => unified().use(remarkParse).use(remarkGfm).parse(text);
const nodesOf = (node: Nodes): Nodes[] => [node, ...('children' in node ? node.children.flatMap(nodesOf) : [])];

describe('adversarial bodies within the limits', () => {
  const builds = Object.keys(CASES).filter((name) => CASES[name] === 'builds');
  const reports = new Map<string, ChildReport | Error>();

  beforeAll(async () => {
    // Two at a time: the machine has two cores.
    const queue = [...builds];
    const next = async (): Promise<void> => {
      const name = queue.shift();
      if (!name) return;
      const contentDir = await contentFor(name, layCase(name));
      reports.set(name, await buildInChild(contentDir, join(work, `${name}-dist`)).catch((error: Error) => error));
      return next();
    };
    await Promise.all([next(), next()]);
  }, builds.length * KILL_AFTER_MS);

  it.each(builds)('%s: check passes, and it builds within the heap cap and the kill timeout', (name) => {
    const report = reports.get(name);
    if (report instanceof Error) throw report;
    expect(report!.checked).toEqual({ ok: true });
    expect(report!.built).toEqual({ ok: true });
    console.log(`${name}: build ${report!.buildCpuMs} ms of CPU, peak RSS ${report!.peakRssMb} MB (with Node and tsx)`);
  });

  it('twins every body as Markdown with no raw HTML and every fence closed', async () => {
    for (const name of builds) {
      const twin = await readFile(join(work, `${name}-dist`, 'skills/beta.md'), 'utf8');
      // Followed by a heading, as by the next twin in llms-full.txt: it must start outside any
      // construct the body opened.
      const tree = parse(`${twin}\n# Next section\n`);
      expect(nodesOf(tree).filter((node) => node.type === 'html'), name).toEqual([]);
      expect(tree.children.at(-1), name).toMatchObject({ type: 'heading', depth: 1 });
    }
  });
});
