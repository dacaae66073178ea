/**
 * robots.txt states the site's content signals (Content Signals Policy, contentsignals.org) from
 * content/site.yaml's `content_signals`, with the schema's defaults for whatever it leaves out; a
 * wrong value is refused by `npm run check` and the build with its file, line and field.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { checkContent } from '../../build/index.ts';
import { ContentError } from '../../build/content-error.ts';
import type { ContentProblem } from '../../build/content-error.ts';
import { CONTENT_SIGNAL_DEFAULTS, contentSignals } from '../../build/content-signals.ts';
import { contentSignalValue } from '../../site/robots.ts';
import { emitRobots } from '../../site/robots.ts';
import { CONTENT, baseUrl, read } from './dist.ts';
import type { CatalogueModel } from '../../site/model.ts';

const SMALL = join(import.meta.dirname, '../fixtures/content-small');
const scratch = mkdtempSync(join(tmpdir(), 'content-signals-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** robots.txt as the build writes it for these signals. */
const robotsFor = (written: Parameters<typeof contentSignals>[0]) =>
  String(emitRobots({ site: { baseUrl: 'https://shop.example' }, contentSignals: contentSignals(written) } as CatalogueModel)[0].bytes);

const SITE_YAML = readFileSync(join(SMALL, 'site.yaml'), 'utf8');
/** The line number in the file of line `n` of what a test appends to site.yaml. */
const appendedLine = (n: number) => SITE_YAML.split('\n').length - 1 + n;

/** The problems `npm run check` finds in content-small with this site.yaml appended. */
async function problemsWith(siteYamlTail: string): Promise<ContentProblem[]> {
  const dir = mkdtempSync(join(scratch, 'content-'));
  cpSync(SMALL, dir, { recursive: true });
  writeFileSync(join(dir, 'site.yaml'), `${SITE_YAML}${siteYamlTail}`);
  try {
    await checkContent(dir);
    return [];
  } catch (error) {
    if (error instanceof ContentError) return [...error.problems];
    throw error;
  }
}

describe('robots.txt of the sample content', () => {
  it('states the signals of content/site.yaml in the User-agent: * group, before the sitemap', () => {
    const written = (parseYaml(readFileSync(join(CONTENT, 'site.yaml'), 'utf8')) as { content_signals?: Parameters<typeof contentSignals>[0] }).content_signals;
    const robots = read('robots.txt');
    expect(robots).toMatch(new RegExp(`^User-agent: \\*\\nContent-Signal: ${contentSignalValue(contentSignals(written))}\\nAllow: /\\n\\nSitemap: ${baseUrl()}/sitemap.xml\\n$`, 'm'));
    expect(robots.match(/^Content-Signal:/gm)).toHaveLength(1);
  });
});

describe('content signals', () => {
  it('default to search and ai-input allowed, ai-train refused, when site.yaml says nothing', () => {
    expect(CONTENT_SIGNAL_DEFAULTS).toEqual({ search: 'yes', ai_input: 'yes', ai_train: 'no' });
    expect(robotsFor(undefined)).toContain('\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n');
  });

  it('take each value site.yaml gives, the rest from the defaults, in the policy\'s names and order', () => {
    expect(robotsFor({ ai_train: 'yes' })).toContain('\nContent-Signal: search=yes, ai-input=yes, ai-train=yes\n');
    expect(robotsFor({ ai_input: 'no', search: 'no' })).toContain('\nContent-Signal: search=no, ai-input=no, ai-train=no\n');
  });

  it('pass the check when written out in full', async () => {
    expect(await problemsWith('content_signals:\n  search: yes\n  ai_input: no\n  ai_train: yes\n')).toEqual([]);
  });

  it('refuse a value other than yes or no, naming file, line and field', async () => {
    const problems = await problemsWith('content_signals:\n  search: yes\n  ai_train: maybe\n');
    expect(problems).toEqual([{ file: expect.stringMatching(/site\.yaml$/), line: appendedLine(3), field: 'content_signals.ai_train', expected: 'one of: yes, no', got: '"maybe"' }]);
    // YAML's true is not the word yes: the editor is told which words there are.
    const boolean = await problemsWith('content_signals:\n  search: true\n');
    expect(boolean).toContainEqual(expect.objectContaining({ line: appendedLine(2), field: 'content_signals.search', expected: 'one of: yes, no', got: 'true' }));
  });

  it('refuse a signal the policy does not have, with the nearest name', async () => {
    const problems = await problemsWith('content_signals:\n  ai-train: no\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ field: 'content_signals.ai-train', line: appendedLine(2) });
    expect(problems[0].expected).toContain('did you mean "ai_train"?');
  });
});
