/**
 * Hostile YAML: alias bombs, nesting deep enough to exhaust a recursive parser, front matter far past
 * any real one, numbers that become Infinity, unknown tags, raw control bytes. Each case of
 * `test/fixtures/adversarial/yaml-*` is laid over the small fixture (like the bad-content cases) and
 * either refused with a ContentError that names the file (and the field where there is one), or
 * built. `npm run check` and the build agree on every one: the same problems, or both succeed.
 *
 * Resource use is measured, not asserted here: see the figures in docs/editors.md, "Limits".
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, checkContent } from '../build/index.ts';
import type { ContentProblem } from '../build/content-error.ts';
import { outcome } from './helpers/content-outcome.ts';
import type { Outcome } from './helpers/content-outcome.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));
const SMALL = join(FIXTURES, 'content-small');
const ADVERSARIAL = join(FIXTURES, 'adversarial');
const ENV = { SOURCE_DATE_EPOCH: '1767225600', COMMIT_REF: 'abc1234' };

interface Refusal {
  /** Path inside the content folder of the one file every problem names. */
  file: string;
  field?: string | RegExp;
  expected: RegExp;
  got?: RegExp;
  /** How many problems; 1 unless stated. */
  count?: number;
}

const ALIAS = /^every value written out \(YAML aliases such as \*name are not allowed in content\)$/;
const TOO_DEEP = /^YAML nested at most \d+ levels deep$/;
const TOO_LARGE = /^YAML of at most 65,536 bytes$/;

/** Each yaml-* folder and what must come of it: `'builds'`, or the problem it is refused with. */
const CASES: Record<string, Refusal | 'builds'> = {
  'yaml-alias-bomb': { file: 'skills/beta.md', field: 'lol1[0]', expected: ALIAS, got: /^the alias \*a0, and 80 more$/ },
  'yaml-alias-bomb-site': { file: 'site.yaml', field: 'lol1[0]', expected: ALIAS, got: /^the alias \*a0, and 81 more$/ },
  'yaml-deep-flow': { file: 'skills/beta.md', field: 'title', expected: TOO_DEEP },
  'yaml-deep-block': { file: 'skills/beta.md', field: 'source', expected: TOO_DEEP },
  'yaml-huge-front-matter': { file: 'skills/beta.md', expected: TOO_LARGE, got: /^262,\d{3} bytes$/ },
  'yaml-unclosed-front-matter': { file: 'skills/beta.md', expected: TOO_LARGE },
  'yaml-many-keys': { file: 'skills/beta.md', field: /^x\d+$/, expected: /^no such field \(allowed: title, /, count: 3000 },
  'yaml-number-overflow': { file: 'skills/beta.md', field: /^(price_cents|order|source\.year)$/, expected: /^an integer written as digits only \(\S+ is (infinite|not a number)\)$/, count: 3 },
  'yaml-tags': { file: 'skills/beta.md', expected: /^valid YAML$/, got: /unknown tag/ },
  'yaml-control-bytes': { file: 'skills/beta.md', expected: /^valid YAML$/, got: /null byte/ },
  'yaml-long-key': { file: 'skills/beta.md', field: /^k{40}… \(a key of 60,000 characters\)$/, expected: /^no such field/ },
  'yaml-anchor-and-stars': 'builds',
};

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'adversarial-yaml-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('the adversarial YAML corpus', () => {
  it('has a case in this suite for every yaml-* folder, and a folder for every case', async () => {
    const folders = (await readdir(ADVERSARIAL, { withFileTypes: true })).filter((entry) => entry.isDirectory() && entry.name.startsWith('yaml-'));
    expect(folders.map((entry) => entry.name).sort()).toEqual(Object.keys(CASES).sort());
  });
});

describe.each(Object.entries(CASES))('adversarial YAML: %s', (name, want) => {
  let checked: Outcome;
  let built: Outcome;

  beforeAll(async () => {
    const contentDir = join(work, name);
    await cp(SMALL, contentDir, { recursive: true });
    await cp(join(ADVERSARIAL, name), contentDir, { recursive: true, filter: (source) => !source.endsWith('README.md') });
    checked = await outcome(() => checkContent(contentDir));
    built = await outcome(() => build({ contentDir, outDir: join(work, `${name}-dist`), constantsFile: null, env: ENV }));
  });

  it('gets the same answer from npm run check and from the build', () => {
    expect(built).toEqual(checked);
  });

  if (want === 'builds') {
    it('builds', () => {
      expect(checked).toEqual({ ok: true });
    });
    return;
  }

  it('is refused with problems that name the file, the field and what was expected', () => {
    expect(checked.ok).toBe(false);
    const { problems } = checked as { problems: readonly ContentProblem[] };
    expect(problems).toHaveLength(want.count ?? 1);
    for (const problem of problems) {
      expect(problem.file.endsWith(`/${want.file}`), problem.file).toBe(true);
      if (want.field instanceof RegExp) expect(problem.field).toMatch(want.field);
      else expect(problem.field).toBe(want.field);
      expect(problem.expected).toMatch(want.expected);
      if (want.got) expect(problem.got).toMatch(want.got);
      // A message is a line a person reads: nothing printed whole that an attacker made huge.
      expect(JSON.stringify(problem).length).toBeLessThan(600);
    }
  });
});
