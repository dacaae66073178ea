/** The bench's edits: each a real change every time, valid content after each, the same bytes every run. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent, PROJECT_ROOT } from '../../build/index.ts';
import { BODY_SKILL, catalogueEdits, EDIT_RUNS, MEMBER_SKILL, membersOf, TITLE_PRICE_SKILL, withMemberToggled, withTitleAndPriceEdited } from './edits.ts';
import { writeSyntheticContent } from './synthetic-content.ts';

const work = mkdtempSync(join(tmpdir(), 'bench-edits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const template = join(PROJECT_ROOT, 'test/fixtures/content-small');

const SKILL = '---\ntitle: "Pricing anchor"\nauthor: "a b"\nkind: reference\n---\nBody.\n\n---\n\nMore.\n';
const BUNDLE = '---\ntitle: "Bundle 1"\nskills: [skill-00001, skill-00002]\n---\nText.\n';

/** Every file of a folder, by its path in it, with its text. */
const tree = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile()).map((entry) => [join(entry.parentPath, entry.name).slice(dir.length), readFileSync(join(entry.parentPath, entry.name), 'utf8')]));

describe('the title and price edit', () => {
  it('changes both each time, alternating, and adds a price to a skill that had none', () => {
    const once = withTitleAndPriceEdited(SKILL);
    expect(once).toContain('title: "Pricing anchor (revised)"\n');
    // In the front matter, not at the body's `---`.
    expect(once).toContain('kind: reference\nprice_cents: 3900\n---\nBody.');
    const twice = withTitleAndPriceEdited(once);
    expect(twice).toContain('title: "Pricing anchor"\n');
    expect(twice).toContain('price_cents: 5900\n');
    expect(twice).not.toContain('3900');
    expect(withTitleAndPriceEdited(twice)).toBe(once);
  });

  it('replaces the price a skill had', () => {
    const edited = withTitleAndPriceEdited(SKILL.replace('kind: reference\n', 'kind: reference\nprice_cents: 4900\n'));
    expect(edited).toContain('price_cents: 3900\n');
    expect(edited).not.toContain('4900');
  });
});

describe('the bundle edit', () => {
  it('adds the skill, then takes it out again', () => {
    const added = withMemberToggled(BUNDLE, 'skill-00005');
    expect(membersOf(added)).toEqual(['skill-00001', 'skill-00002', 'skill-00005']);
    expect(withMemberToggled(added, 'skill-00005')).toBe(BUNDLE);
  });

  it('refuses to leave a bundle of one skill', () => {
    expect(() => withMemberToggled(BUNDLE, 'skill-00002')).toThrow(/not be valid/);
  });
});

describe("a synthetic catalogue's edits", () => {
  const rounds = async (dir: string) => {
    await writeSyntheticContent(dir, { skills: 60 }, template);
    const edits = catalogueEdits(dir, 60);
    expect(edits.map(({ run }) => run)).toEqual(EDIT_RUNS);
    const said: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const edit of edits) {
        const before = tree(dir);
        said.push(edit.apply());
        expect(tree(dir), `${edit.run}, round ${round + 1}`).not.toEqual(before);
        await expect(checkContent(dir), `${edit.run}, round ${round + 1}`).resolves.toBeDefined();
      }
    }
    return said;
  };

  it('runs in the runs\' order, each edit a change every round with valid content after it, the same changes on the same catalogue', async () => {
    const said = await rounds(join(work, 'a'));
    expect(said.slice(0, 5)).toEqual([
      `skills/${BODY_SKILL}.md: one more sentence at the end of its body`,
      expect.stringMatching(new RegExp(`^skills/${TITLE_PRICE_SKILL}\\.md: title: ".* \\(revised\\)", price_cents: 3900$`)),
      'skills/skill-00060.md: added',
      expect.stringMatching(/^skills\/skill-000\d\d\.md: removed$/),
      expect.stringMatching(new RegExp(`^bundles/bundle-000\\d\\.md: skills: \\[.*, ${MEMBER_SKILL}\\]$`)),
    ]);
    // Counted: the next added skill is the next number, the next removed one another skill.
    expect(said[7]).toBe('skills/skill-00061.md: added');
    expect(said[8]).not.toBe(said[3]);
    expect(await rounds(join(work, 'b'))).toEqual(said);
    expect(tree(join(work, 'b'))).toEqual(tree(join(work, 'a')));
  }, 60_000);
});
