/**
 * The editors' commands as processes: `npm run check` (scripts/check.ts) and `npm run new`
 * (scripts/new.ts), each pointed at a temporary content folder with --content.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { build, checkContent } from '../build/index.ts';
import { ContentError } from '../build/content-error.ts';
import { readSchema } from '../build/ajv.ts';
import { PLACEHOLDER_MARK } from '../build/placeholder.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const SMALL = join(ROOT, 'test', 'fixtures', 'content-small');
const SEVERAL = join(ROOT, 'test', 'fixtures', 'bad-content', 'several-files');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: 'check' | 'new', args: string[]): Promise<Run> {
  return new Promise((done) => {
    execFile(TSX, [join(ROOT, 'scripts', `${script}.ts`), ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Every file under `dir` with a hash of its bytes: "nothing written" is "this did not change". */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files = (await fg('**/*', { cwd: dir, dot: true, onlyFiles: true })).sort();
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[file] = createHash('sha256').update(await readFile(join(dir, file))).digest('hex');
  return hashes;
}

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'editor-scripts-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('npm run check', () => {
  it('says how many skills and bundles it checked and exits 0 on good content', async () => {
    const before = await snapshot(SMALL);
    const { code, stdout } = await run('check', ['--content', SMALL]);
    expect(code).toBe(0);
    expect(stdout).toBe('4 skills, 2 bundles: no problems\n');
    expect(await snapshot(SMALL)).toEqual(before);
  });

  describe('on content with several broken files', () => {
    let dir: string;
    let result: Run;
    let before: Record<string, string>;

    beforeAll(async () => {
      dir = join(work, 'check-bad');
      await cp(SMALL, dir, { recursive: true });
      await cp(SEVERAL, dir, { recursive: true, filter: (source) => !source.endsWith('README.md') });
      before = await snapshot(dir);
      result = await run('check', ['--content', dir]);
    });

    it('exits 1', () => {
      expect(result.code).toBe(1);
    });

    it('prints every problem, grouped under its file, with a count', () => {
      const { stderr } = result;
      for (const file of ['site.yaml', 'clusters.yaml', 'skills/beta.md', 'skills/gamma.md', 'bundles/starter.md']) {
        expect(stderr).toContain(`${join(dir, file)} (1 problem)\n`);
      }
      expect(stderr).toMatch(/\n5 content problems in 5 files\.\n$/);
    });

    it('gives each problem as file:line, field, expected and got', () => {
      const { stderr } = result;
      // Line numbers are those of the file an editor opens (front matter starts on line 2).
      expect(stderr).toContain(`${join(dir, 'skills/beta.md')}:5 kind: expected one of: command, reference, got "tool"`);
      expect(stderr).toContain(`${join(dir, 'site.yaml')}:10 pricing.single_cents: expected a number of at least 0, got -100`);
      expect(stderr).toContain(`${join(dir, 'bundles/starter.md')}:6 skills[3]: expected the slug of a skill`);
    });

    it('writes nothing', async () => {
      expect(await snapshot(dir)).toEqual(before);
      expect(result.stdout).toBe('');
    });
  });

  it('refuses an unknown option with the usage and exit 1', async () => {
    const { code, stderr } = await run('check', ['--contents', SMALL]);
    expect(code).toBe(1);
    expect(stderr).toContain("Unknown option '--contents'");
    expect(stderr).toContain('Usage: npm run check');
  });
});

describe('npm run new', () => {
  let dir: string;
  let before: Record<string, string>;

  beforeEach(async () => {
    dir = await mkdtemp(join(work, 'new-'));
    await cp(SMALL, dir, { recursive: true });
    before = await snapshot(dir);
  });

  describe('skill', () => {
    it('writes skills/<slug>.md, names it and the next step', async () => {
      const { code, stdout } = await run('new', ['skill', 'mom-test', '--content', dir]);
      expect(code).toBe(0);
      expect(stdout).toContain(join(dir, 'skills', 'mom-test.md'));
      expect(stdout).toContain('edit it, then npm run check');
      expect(Object.keys(await snapshot(dir))).toEqual(Object.keys({ ...before, 'skills/mom-test.md': '' }).sort());
    });

    it('writes a draft that passes the check as written', async () => {
      await run('new', ['skill', 'mom-test', '--content', dir]);
      const valid = await checkContent(dir);
      const written = valid.skills.find(({ doc }) => doc.slug === 'mom-test');
      expect(written?.fields.draft).toBe(true);
    });

    it('names every front-matter field of the schema, optional ones commented', async () => {
      await run('new', ['skill', 'mom-test', '--content', dir]);
      const text = await readFile(join(dir, 'skills', 'mom-test.md'), 'utf8');
      const { properties, required } = readSchema('content/skill.schema.json') as { properties: object; required: string[] };
      for (const field of Object.keys(properties)) expect(text).toMatch(new RegExp(`^(# )?${field}:`, 'm'));
      for (const field of required) expect(text).toMatch(new RegExp(`^${field}:`, 'm'));
      expect(text).toMatch(/^# Optional/m);
    });

    describe('published with draft: true removed', () => {
      let path: string;
      let written: string;

      beforeEach(async () => {
        await run('new', ['skill', 'mom-test', '--content', dir]);
        path = join(dir, 'skills', 'mom-test.md');
        written = await readFile(path, 'utf8');
        await writeFile(path, written.replace(/^draft: true\n/m, ''));
      });

      it('is refused for every placeholder left, each named by file, line and field, and for nothing else', async () => {
        const { code, stderr } = await run('check', ['--content', dir]);
        expect(code).toBe(1);
        const file = join(dir, 'skills', 'mom-test.md');
        const lines = stderr.split('\n').filter((line) => line.startsWith(`  ${file}:`));
        // Every line of the published file that holds the mark, and only those (the draft line gone).
        const marked = (await readFile(path, 'utf8')).split('\n').flatMap((text, i) => (text.includes(PLACEHOLDER_MARK) && !text.startsWith('#') ? [i + 1] : []));
        expect(lines.map((line) => Number(/:(\d+) /.exec(line)?.[1]))).toEqual(marked);
        expect(lines.map((line) => /:\d+ (\S+):/.exec(line)?.[1])).toEqual([
          'title', 'author', 'problem', 'outcome', 'summary', 'you_get[0]', 'wont_do[0]', 'source.buy_label', 'body',
        ]);
        expect(lines[0]).toBe(`  ${file}:5 title: still the placeholder from npm run new; write the skill's name, as shoppers see it`);
        expect(stderr).toMatch(/\n9 content problems in 1 file\.\n$/);
      });

      it('builds once every placeholder is replaced: the other fields of the template are valid as written', async () => {
        const text = await readFile(path, 'utf8');
        const replaced = text.replace(new RegExp(`"?${PLACEHOLDER_MARK} ([^"\\n]*)"?`, 'g'), (_, words: string) => JSON.stringify(`Written: ${words}`));
        expect(replaced).not.toContain(PLACEHOLDER_MARK.slice(0, -1));
        await writeFile(path, replaced);
        const { model } = await build({ contentDir: dir, outDir: `${dir}-out`, constantsFile: null, env: { COMMIT_REF: 'abc1234' } });
        expect(model.skills.map(({ skill }) => skill.slug)).toContain('mom-test');
      });

      it('is refused with draft: false as well', async () => {
        await writeFile(path, written.replace(/^draft: true$/m, 'draft: false'));
        const error = await checkContent(dir).catch((thrown: unknown) => thrown);
        expect((error as ContentError).problems.map(({ field }) => field)).toContain('title');
      });
    });
  });

  describe('bundle', () => {
    it('names two live skills of the content folder and passes the check as written', async () => {
      const { code, stdout } = await run('new', ['bundle', 'kit', '--content', dir]);
      expect(code).toBe(0);
      expect(stdout).toContain(join(dir, 'bundles', 'kit.md'));
      const valid = await checkContent(dir);
      const kit = valid.bundles.find(({ doc }) => doc.slug === 'kit');
      // delta is a draft: a bundle that named it would not count it.
      expect(kit?.fields.skills).toEqual(['alpha', 'beta']);
      expect(kit?.fields.draft).toBe(true);
    });

    it('names each placeholder left in a bundle published with draft: true removed', async () => {
      await run('new', ['bundle', 'kit', '--content', dir]);
      const path = join(dir, 'bundles', 'kit.md');
      await writeFile(path, (await readFile(path, 'utf8')).replace(/^draft: true\n/m, ''));
      const error = await checkContent(dir).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ContentError);
      expect((error as ContentError).problems.map(({ field, line, message }) => [field, line, message?.startsWith('still the placeholder from npm run new; write ')])).toEqual([
        ['title', 4, true],
        ['problem', 5, true],
        ['blurb', 6, true],
        ['why', 7, true],
        ['body', 13, true],
      ]);
    });

    it('writes placeholders that the check rejects by name when there are not two live skills', async () => {
      await rm(join(dir, 'skills'), { recursive: true });
      await rm(join(dir, 'bundles'), { recursive: true });
      const { code, stdout } = await run('new', ['bundle', 'kit', '--content', dir]);
      expect(code).toBe(0);
      expect(stdout).toContain('replace the placeholder slugs');
      const error = await checkContent(dir).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ContentError);
      const problems = (error as ContentError).problems;
      expect(problems.map(({ file, field }) => [file.endsWith('/bundles/kit.md'), field])).toEqual([
        [true, 'skills[0]'],
        [true, 'skills[1]'],
      ]);
      expect(problems[0].expected).toMatch(/the slug of a skill/);
    });
  });

  describe('refuses, with a clear message, exit 1 and nothing written', () => {
    const refusals: [string, string[], RegExp][] = [
      ['a slug with upper case', ['skill', 'Mom-Test'], /slug "Mom-Test" is not allowed.*\^\[a-z0-9-\]\+\$/],
      ['a slug with a space', ['skill', 'mom test'], /slug "mom test" is not allowed/],
      ['a slug with an underscore', ['bundle', 'mom_test'], /slug "mom_test" is not allowed/],
      ['an existing skill', ['skill', 'alpha'], /skill with the slug "alpha" already exists: .*skills\/alpha\.md/],
      ['an existing bundle', ['bundle', 'starter'], /bundle with the slug "starter" already exists/],
      ['an unknown kind', ['widget', 'mom-test'], /Unknown kind "widget": expected skill or bundle/],
      ['a missing slug', ['skill'], /Expected a kind and a slug[\s\S]*Usage: npm run new/],
    ];

    it.each(refusals)('%s', async (_, args, message) => {
      const { code, stderr, stdout } = await run('new', [...args, '--content', dir]);
      expect(code).toBe(1);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
      expect(await snapshot(dir)).toEqual(before);
    });

    it('a slug that a file in a sub-folder already has', async () => {
      await mkdir(join(dir, 'skills', 'sub'));
      await cp(join(dir, 'skills', 'beta.md'), join(dir, 'skills', 'sub', 'mom-test.md'));
      const { code, stderr } = await run('new', ['skill', 'mom-test', '--content', dir]);
      expect(code).toBe(1);
      expect(stderr).toMatch(/already exists: .*skills\/sub\/mom-test\.md/);
    });
  });
});
