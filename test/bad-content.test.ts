/**
 * Bad content of every kind: the build throws one ContentError listing every problem (file, field,
 * expectation, line where the YAML parser can give it), and an existing output folder is left
 * byte for byte as it was, with no staging or retired folder beside it.
 *
 * Each case is `test/fixtures/bad-content/<case>/` laid over the small fixture (see its README).
 */
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import type { ContentProblem } from '../build/content-error.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const SMALL = join(FIXTURES, 'content-small');
const BAD = join(FIXTURES, 'bad-content');
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

interface Expected {
  /** Path inside the content folder. */
  file: string;
  /** The field the problem must name; omitted for whole-file problems (no field to name). */
  field?: string;
  /** Exact line, or the range the parser may point at; omitted where no line can be given. */
  line?: number | readonly [number, number];
  expected: RegExp;
  got?: RegExp;
  /** What the editor is told to change, where the problem says it in words of its own. */
  message?: RegExp;
}

interface BadCase {
  name: string;
  /** Files of the small fixture that this case deletes. */
  remove?: string[];
  /** Every problem the build must report; a reported problem that matches none is a failure too. */
  problems: Expected[];
}

const CLUSTER_LIST = /one of: ideas, ship, design, activation, positioning, pricing, gtm/;
const SLUG_RULE = /\^\[a-z0-9-\]\+\$/;
const VALID_YAML = /^valid YAML$/;
const ONE_LINE = /^one line of text without control characters \(NUL, tab, newline…\), line separators or bidirectional controls$/;

const CASES: BadCase[] = [
  {
    name: 'unknown-cluster',
    problems: [{ file: 'skills/gamma.md', field: 'clusters[0]', line: 4, expected: CLUSTER_LIST, got: /"shipping"/ }],
  },
  {
    name: 'three-clusters',
    problems: [{ file: 'skills/alpha.md', field: 'clusters', line: 5, expected: /at most 2 items/, got: /3 items/ }],
  },
  {
    name: 'duplicate-slug',
    problems: [{ file: 'skills/sub/alpha.md', field: 'slug (file name)', expected: /skills\/alpha\.md has it too/, got: /"alpha"/ }],
  },
  {
    name: 'reserved-slug',
    problems: [
      { file: 'skills/index.md', field: 'slug (file name)', expected: /other than "index".*index page/, got: /"index"/ },
      { file: 'bundles/index.md', field: 'slug (file name)', expected: /other than "index".*index page/, got: /"index"/ },
    ],
  },
  {
    name: 'bad-slug',
    problems: [
      { file: 'skills/Upper.md', field: 'slug (file name)', expected: SLUG_RULE, got: /"Upper"/ },
      { file: 'bundles/two words.md', field: 'slug (file name)', expected: SLUG_RULE, got: /"two words"/ },
    ],
  },
  {
    name: 'unknown-skill-in-bundle',
    problems: [{ file: 'bundles/starter.md', field: 'skills[1]', line: 6, expected: /slug of a skill.*did you mean "beta"/, got: /"betta"/ }],
  },
  {
    name: 'wrong-types',
    problems: [
      { file: 'skills/beta.md', field: 'title', line: 2, expected: /text|a string/, got: /42/ },
      { file: 'skills/beta.md', field: 'commands', line: 6, expected: /an array|a list/, got: /"\/beta"/ },
    ],
  },
  {
    name: 'missing-required',
    problems: [
      { file: 'skills/beta.md', field: 'author', expected: /required/ },
      { file: 'skills/beta.md', field: 'kind', expected: /required/ },
      { file: 'bundles/lonely.md', field: 'why', expected: /required/ },
    ],
  },
  // A YAML syntax error is one problem per file, on the line to change (counted in the file, the
  // opening `---` being line 1), which is not always where the parser noticed it.
  {
    name: 'malformed-yaml-bracket',
    // The bracket opens on line 4; the parser notices on line 5.
    problems: [{ file: 'skills/beta.md', line: 4, expected: VALID_YAML, got: /\]/, message: /^the \[ that opens this list is never closed: end the list with \]$/ }],
  },
  {
    name: 'malformed-yaml-brace',
    problems: [{ file: 'skills/beta.md', line: 2, expected: VALID_YAML, message: /^the \{ that opens this mapping is never closed: end the mapping with \}$/ }],
  },
  {
    name: 'malformed-yaml-quote',
    // The quote opens on line 2; the parser notices where the front matter ends (line 9).
    problems: [{ file: 'skills/beta.md', line: 2, expected: VALID_YAML, got: /quote/i, message: /^the " that opens this text is never closed: end the text with "$/ }],
  },
  {
    name: 'malformed-yaml-single-quote',
    problems: [{ file: 'skills/beta.md', line: 3, expected: VALID_YAML, message: /^the ' that opens this text is never closed: end the text with '$/ }],
  },
  {
    name: 'malformed-yaml-indentation',
    // The keys after it no longer line up either: the parser says so twice more, the editor is told once.
    problems: [{ file: 'skills/alpha.md', line: 13, expected: VALID_YAML, got: /same column/, message: /^line this field up with the fields around it/ }],
  },
  {
    name: 'malformed-yaml-tab',
    problems: [
      // One tab: seven parser errors on lines 11 to 15.
      { file: 'skills/alpha.md', line: 11, expected: VALID_YAML, message: /^indent with spaces, not tabs$/ },
      { file: 'skills/gamma.md', line: 8, expected: VALID_YAML, message: /^indent with spaces, not tabs \(lines 9 and 10 too\)$/ },
      { file: 'site.yaml', line: 10, expected: VALID_YAML, message: /^indent with spaces, not tabs$/ },
    ],
  },
  {
    name: 'malformed-yaml-colon-in-value',
    problems: [{ file: 'skills/beta.md', line: 2, expected: VALID_YAML, message: /^a value with ": " in it needs quotes around it/ }],
  },
  {
    name: 'malformed-yaml-over-indented',
    // The parser notices on line 2, where the title's value seems to go on.
    problems: [{ file: 'skills/beta.md', line: 3, expected: VALID_YAML, message: /^this line is indented under a field that already has a value/ }],
  },
  {
    name: 'malformed-yaml-missing-colon',
    problems: [
      { file: 'skills/beta.md', line: 5, expected: VALID_YAML, message: /^a field needs its name, ":" and a space on one line/ },
      { file: 'skills/gamma.md', line: 5, expected: VALID_YAML, message: /^a field needs its name, ":" and a space on one line/ },
    ],
  },
  {
    name: 'malformed-yaml-list-indentation',
    problems: [{ file: 'skills/beta.md', line: 9, expected: VALID_YAML, message: /^line this "-" up with the other items of the list/ }],
  },
  {
    name: 'malformed-yaml-escape',
    problems: [{ file: 'skills/beta.md', line: 2, expected: VALID_YAML, message: /^\\p is not an escape YAML knows inside "…"/ }],
  },
  {
    name: 'malformed-yaml-reserved-start',
    problems: [
      { file: 'skills/beta.md', line: 2, expected: VALID_YAML, message: /^a value that starts with @ needs quotes around it$/ },
      { file: 'skills/gamma.md', line: 3, expected: VALID_YAML, message: /^a value that starts with ` needs quotes around it$/ },
    ],
  },
  {
    name: 'malformed-yaml-duplicate-key',
    problems: [{ file: 'skills/beta.md', line: 9, expected: VALID_YAML, message: /^title is written twice \(first on line 2\): keep one$/ }],
  },
  {
    name: 'malformed-yaml-tag',
    problems: [{ file: 'skills/beta.md', line: 2, expected: VALID_YAML, message: /^!important is a YAML tag/ }],
  },
  {
    name: 'malformed-yaml-two-documents',
    // The parser points at line 7, where the second document starts.
    problems: [{ file: 'skills/beta.md', line: 6, expected: VALID_YAML, message: /^"\.\.\." on this line ends the YAML, and more follows: remove it$/ }],
  },
  {
    name: 'malformed-yaml-after-value',
    problems: [{ file: 'skills/beta.md', line: 4, expected: VALID_YAML, message: /^the YAML is not valid here \(Unexpected scalar at node end\); if a value holds YAML's own characters/ }],
  },
  {
    name: 'price-not-integer',
    problems: [
      { file: 'skills/beta.md', field: 'price_cents', line: 9, expected: /an integer/, got: /^19\.5$/ },
      { file: 'skills/gamma.md', field: 'price_cents', line: 9, expected: /an integer/, got: /^"1900"$/ },
    ],
  },
  {
    name: 'unknown-field',
    problems: [
      { file: 'skills/beta.md', field: 'clusers', line: 4, expected: /no such field \(did you mean "clusters"\?\) \(allowed: .*\bclusters\b/ },
      { file: 'skills/beta.md', field: 'clusters', expected: /required/ },
    ],
  },
  {
    name: 'missing-front-matter',
    problems: [{ file: 'skills/beta.md', line: 1, expected: /front matter between "---" lines/ }],
  },
  {
    name: 'source-missing-key',
    problems: [{ file: 'skills/alpha.md', field: 'source.isbn', line: 10, expected: /required/ }],
  },
  {
    name: 'clusters-out-of-order',
    problems: [
      { file: 'clusters.yaml', field: '[1].id', line: 2, expected: /^"ship" \(the clusters in catalogue order/, got: /"design"/ },
      { file: 'clusters.yaml', field: '[2].id', line: 3, expected: /^"design"/, got: /"ship"/ },
    ],
  },
  {
    name: 'site-yaml-missing',
    remove: ['site.yaml'],
    problems: [{ file: 'site.yaml', expected: /this file to exist/ }],
  },
  {
    name: 'url-schemes',
    problems: [
      { file: 'skills/alpha.md', field: 'source.buy_url', line: 14, expected: /^an absolute https:\/\/ URL$/, got: /^"javascript:alert\(document\.cookie\)" \(scheme javascript:\)$/ },
      { file: 'skills/gamma.md', field: 'source.buy_url', line: 10, expected: /^an absolute https:\/\/ URL$/, got: /\(scheme http:\)$/ },
      { file: 'site.yaml', field: 'documentation_url', line: 7, expected: /^an absolute https:\/\/ URL$/, got: /\(scheme vbscript:\)$/ },
    ],
  },
  {
    name: 'url-template',
    problems: [
      {
        file: 'site.yaml',
        field: 'shop.skill_cart',
        line: 12,
        expected: /^a template that gives an absolute http.* URL.* once \{slug\} is filled in$/,
        got: /gives "https:\/\/shop\.example@evil\.example\/cart\/alpha" \(a user name before "@"/,
      },
      {
        file: 'site.yaml',
        field: 'shop.bundle_cart',
        line: 13,
        expected: /^a cart on the shop's own origin, not this site's \(https:\/\/skillshelf\.netlify\.app\), which serves no cart$/,
        got: /^"https:\/\/skillshelf\.netlify\.app\/cart\?add=bundle:\{slug\}"$/,
      },
    ],
  },
  {
    name: 'cart-template',
    problems: [
      { file: 'site.yaml', field: 'shop.skill_cart', line: 12, expected: /^an https:\/\/ URL of the shop's cart with \{slug\} where the slug goes/, got: /\(scheme http:\)$/ },
      { file: 'site.yaml', field: 'shop.bundle_cart', line: 13, expected: /^an https:\/\/ URL of the shop's cart/, got: /\(\{base\} is this site, where no cart answers: write the shop's origin\)$/ },
    ],
  },
  {
    name: 'integer-literals',
    problems: [
      { file: 'skills/beta.md', field: 'price_cents', line: 9, expected: /price_cents is in cents: 19\.00 would be €0\.19; for €19\.00 write 1900/, got: /^19\.00$/ },
      { file: 'skills/gamma.md', field: 'price_cents', line: 9, expected: /^an integer written as digits only \(1e3 reads as 1000: write 1000\)$/, got: /^1e3$/ },
      { file: 'skills/gamma.md', field: 'order', line: 10, expected: /0x10 reads as 16: write 16/, got: /^0x10$/ },
      { file: 'skills/alpha.md', field: 'source.year', line: 11, expected: /2013\.0 reads as 2013: write 2013/, got: /^2013\.0$/ },
      { file: 'site.yaml', field: 'pricing.single_cents', line: 10, expected: /pricing\.single_cents is in cents: 24\.5 is not a whole number of cents; for €24\.50 write 2450/, got: /^24\.5$/ },
    ],
  },
  {
    name: 'control-characters',
    problems: [
      { file: 'skills/beta.md', field: 'title', line: 2, expected: ONE_LINE, got: /^"beta\\u0000pricing" \(U\+0000, NUL, at character 5\)$/ },
      { file: 'skills/beta.md', field: 'author', line: 3, expected: ONE_LINE, got: /\(U\+202E, a bidirectional control, at character 5\)$/ },
      { file: 'skills/beta.md', field: 'problem', line: 4, expected: ONE_LINE, got: /\(U\+000A, a newline, at character 10\)$/ },
      { file: 'skills/beta.md', field: 'you_get[0]', line: 8, expected: ONE_LINE, got: /\(U\+0009, a tab, at character 2\)$/ },
      { file: 'bundles/starter.md', field: 'title', line: 2, expected: ONE_LINE, got: /\(U\+2066, a bidirectional control, at character 9\)$/ },
      { file: 'bundles/starter.md', field: 'blurb', line: 4, expected: ONE_LINE, got: /\(U\+0085, a control character, at character 6\)$/ },
    ],
  },
  {
    name: 'unbounded-fields',
    problems: [
      { file: `skills/${'a'.repeat(101)}.md`, field: 'slug (file name)', expected: /^a file name matching \^\[a-z0-9-\]\+\$ of at most 100 characters before \.md$/, got: /^text of 101 characters/ },
      { file: 'skills/beta.md', field: 'title', line: 2, expected: /^text of at most 200 characters$/, got: /^text of 209 characters/ },
      { file: 'skills/beta.md', field: 'you_get', line: 7, expected: /^at most 20 items$/, got: /21 items/ },
      { file: 'skills/beta.md', field: 'price_cents', line: 9, expected: /^a number of at most 1000000 cents \(€10,000\.00\)$/, got: /^100000000$/ },
      { file: 'skills/beta.md', field: 'source.year', line: 10, expected: /^a number of at most 2100$/, got: /^3000$/ },
      { file: 'skills/beta.md', field: 'source.isbn', line: 10, expected: /^an ISBN-10 or ISBN-13/, got: /"not-an-isbn"/ },
    ],
  },
  {
    name: 'yaml-alias',
    problems: [{ file: 'skills/beta.md', field: 'wont_do', line: 8, expected: /YAML aliases such as \*name are not allowed/, got: /^the alias \*same$/ }],
  },
  {
    name: 'yaml-too-deep',
    problems: [{ file: 'skills/beta.md', field: 'you_get', line: 7, expected: /^YAML nested at most 8 levels deep$/ }],
  },
  {
    name: 'yaml-too-large',
    problems: [{ file: 'skills/beta.md', line: 1, expected: /^YAML of at most 65,536 bytes$/, got: /^72,\d{3} bytes$/ }],
  },
  {
    name: 'several-files',
    problems: [
      { file: 'site.yaml', field: 'pricing.single_cents', line: 10, expected: /at least 0/, got: /-100/ },
      { file: 'clusters.yaml', field: '[3].question', line: 4, expected: /required/ },
      { file: 'skills/beta.md', field: 'kind', line: 5, expected: /one of: command, reference/, got: /"tool"/ },
      { file: 'skills/gamma.md', field: 'clusters', line: 4, expected: /at least 1 item/ },
      { file: 'bundles/starter.md', field: 'skills[3]', line: 6, expected: /slug of a skill/, got: /"epsilon"/ },
    ],
  },
];

/** The small fixture with the case's files laid over it (its README left out) and its removals made. */
async function materialize(badCase: BadCase, dir: string): Promise<void> {
  const overlay = join(BAD, badCase.name);
  await cp(SMALL, dir, { recursive: true });
  await cp(overlay, dir, { recursive: true, filter: (source) => source !== join(overlay, 'README.md') });
  for (const file of badCase.remove ?? []) await rm(join(dir, file));
}

/** Every file under `dir` with the sha-256 of its bytes. */
async function hashTree(dir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[file] = createHash('sha256').update(await readFile(join(dir, file))).digest('hex');
  return hashes;
}

const endsWithFile = (problem: ContentProblem, file: string) => problem.file === file || problem.file.endsWith(`/${file}`);

function lineMatches(line: number | undefined, want: Expected['line']): boolean {
  if (want === undefined) return true;
  if (typeof want === 'number') return line === want;
  return line !== undefined && line >= want[0] && line <= want[1];
}

function matches(problem: ContentProblem, want: Expected): boolean {
  return (
    endsWithFile(problem, want.file) &&
    (want.field === undefined || problem.field === want.field) &&
    lineMatches(problem.line, want.line) &&
    want.expected.test(problem.expected) &&
    (want.got === undefined || (problem.got !== undefined && want.got.test(problem.got))) &&
    (want.message === undefined ? problem.message === undefined : problem.message !== undefined && want.message.test(problem.message))
  );
}

const show = (problems: readonly ContentProblem[]) => JSON.stringify(problems, null, 2);

let work: string;
let outDir: string;
let builtHashes: Record<string, string>;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'bad-content-'));
  outDir = join(work, 'site', 'dist');
  await build({ contentDir: SMALL, outDir, constantsFile: null, env: ENV });
  builtHashes = await hashTree(outDir);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the bad-content fixtures', () => {
  it('has a case in this suite for every folder, and a folder for every case', async () => {
    const folders = (await readdir(BAD, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.sort()).toEqual(CASES.map((badCase) => badCase.name).sort());
  });

  it('starts from an output folder that the small fixture built', () => {
    expect(Object.keys(builtHashes)).toContain('catalog.json');
  });
});

describe.each(CASES)('bad content: $name', (badCase) => {
  let error: unknown;
  let problems: readonly ContentProblem[] = [];

  beforeAll(async () => {
    const contentDir = join(work, 'content', badCase.name);
    await materialize(badCase, contentDir);
    error = await build({ contentDir, outDir, constantsFile: null, env: ENV }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    if (error instanceof ContentError) problems = error.problems;
  });

  it('fails the build with a ContentError, not a crash', () => {
    expect(error).toBeInstanceOf(ContentError);
  });

  it('reports every expected problem with its file, field, expectation and line', () => {
    for (const want of badCase.problems) {
      expect(problems.some((problem) => matches(problem, want)), `no problem like ${want.file} ${want.field ?? ''} ${want.expected} (line ${want.line}) in\n${show(problems)}`).toBe(true);
    }
  });

  it('reports nothing else: each problem is one the case expects', () => {
    for (const problem of problems) {
      expect(badCase.problems.some((want) => matches(problem, want)), `unexpected problem\n${show([problem])}`).toBe(true);
    }
  });

  it('reports all broken files in one run', () => {
    const files = new Set(badCase.problems.map((want) => want.file));
    const reported = new Set([...files].filter((file) => problems.some((problem) => endsWithFile(problem, file))));
    expect([...reported].sort()).toEqual([...files].sort());
  });

  it('says in the message, for each problem, the file (with its line), the field and what was expected or what to change', () => {
    const message = error instanceof Error ? error.message : '';
    expect(message).toMatch(new RegExp(`^${problems.length} content problems?:`));
    const lines = message.split('\n');
    for (const problem of problems) {
      const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
      const words = problem.message ?? `expected ${problem.expected}`;
      const said = lines.find((line) => line.includes(`${where} `) && (!problem.field || line.includes(` ${problem.field}:`)) && line.includes(words));
      expect(said, `no line for\n${show([problem])}\nin\n${message}`).toBeDefined();
    }
  });

  it('leaves the existing output folder byte-identical, with no staging or retired folder beside it', async () => {
    expect(await hashTree(outDir)).toEqual(builtHashes);
    expect(await readdir(join(work, 'site'))).toEqual(['dist']);
  });
});
