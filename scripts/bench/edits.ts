/**
 * The edits `npm run bench` times a warm build after, each one an editor's change to the synthetic
 * catalogue (scripts/bench/synthetic-content.ts) saved into its files: one skill's body, one skill's
 * title and price, a skill added, a skill removed, one bundle's members. Each is deterministic and
 * a real change every time it is made again (it alternates or counts), so that rounds of them can
 * run one after another on the same content, each starting from what the one before left.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { syntheticSkillFile, syntheticSlug } from './synthetic-content.ts';

/** The run of each kind of edit, as the bench's tables and the targets name it. */
export const BODY_EDIT = 'warm, body edited';
export const OTHER_EDITS = ['warm, title and price edited', 'warm, skill added', 'warm, skill removed', 'warm, bundle members changed'] as const;
export const EDIT_RUNS = [BODY_EDIT, ...OTHER_EDITS] as const;
export type EditRun = (typeof EDIT_RUNS)[number];
/** The edit floor's run (edit-floor.ts): the body edit's files made again by its work alone. */
export const BODY_EDIT_FLOOR = 'edit floor, body edited';

// Published in every catalogue the generator writes (its first draft is skill-00041), so each edit
// changes published pages; distinct, so no edit undoes another's.
export const BODY_SKILL = syntheticSlug(7);
export const TITLE_PRICE_SKILL = syntheticSlug(11);
/** The skill the bundle edit adds to its bundle and takes out again: never removed. */
export const MEMBER_SKILL = syntheticSlug(5);

/** Two prices the generator never writes (it picks from 900, 2400, 2900, 4900), alternated, so
 * every title-and-price edit changes the price whatever it was. */
const PRICES = [3900, 5900] as const;
const REVISED = ' (revised)';
const ONE_MORE_SENTENCE = '\nOne more sentence, so this skill changed.\n';

export interface Edit {
  run: EditRun;
  /** Makes the change in the content's files; says what it changed. */
  apply(): string;
}

/** A skill's file with one more sentence at the end of its body: longer each time. */
export function withBodyEdited(text: string): string {
  return `${text}${ONE_MORE_SENTENCE}`;
}

/** A skill's file with its title and its price changed together: the title with " (revised)" or back
 * without it, and `price_cents` set to one of two prices, the other than last time (or added, if
 * the skill had none and took the shop's price). */
export function withTitleAndPriceEdited(text: string): string {
  const title = /^title: (".*")$/m.exec(text);
  if (!title) throw new Error('no `title: "…"` line in the front matter');
  const was = JSON.parse(title[1]) as string;
  const revised = was.endsWith(REVISED);
  const next = revised ? was.slice(0, -REVISED.length) : `${was}${REVISED}`;
  const price = `price_cents: ${revised ? PRICES[1] : PRICES[0]}`;
  const titled = text.replace(title[0], () => `title: ${JSON.stringify(next)}`);
  if (/^price_cents: \d+$/m.test(titled)) return titled.replace(/^price_cents: \d+$/m, price);
  // The line closing the front matter: the first `---` line after the opening one.
  const end = titled.indexOf('\n---\n', 3);
  if (end < 0) throw new Error('no end of the front matter');
  return `${titled.slice(0, end)}\n${price}${titled.slice(end)}`;
}

/** The slugs a bundle's file lists in its `skills: [...]`. */
export function membersOf(text: string): string[] {
  const line = /^skills: \[(.*)\]$/m.exec(text);
  if (!line) throw new Error('no `skills: [...]` line in the front matter');
  return line[1].split(',').map((member) => member.trim()).filter(Boolean);
}

/** A bundle's file with `slug` added at the end of its `skills: [...]`, or taken out if it is there. */
export function withMemberToggled(text: string, slug: string): string {
  const members = membersOf(text);
  const next = members.includes(slug) ? members.filter((member) => member !== slug) : [...members, slug];
  // The bundle schema's minItems: a bundle of one is not valid content.
  if (next.length < 2) throw new Error(`a bundle of ${next.length} skill would not be valid`);
  return text.replace(/^skills: \[.*\]$/m, () => `skills: [${next.join(', ')}]`);
}

/** Every slug some bundle of the content lists. */
function bundleMembers(contentDir: string): Set<string> {
  const bundles = join(contentDir, 'bundles');
  return new Set(readdirSync(bundles).flatMap((name) => membersOf(readFileSync(join(bundles, name), 'utf8'))));
}

/**
 * The edits of a catalogue the generator wrote with `skills` skills, in the order they run. Call it
 * before any edit is made: it picks the bundle the bundle edit changes from the content as it was written.
 */
export function catalogueEdits(contentDir: string, skills: number): Edit[] {
  const skillFile = (slug: string) => join(contentDir, 'skills', `${slug}.md`);
  const rewrite = (file: string, change: (text: string) => string) => writeFileSync(file, change(readFileSync(file, 'utf8')));
  for (const slug of [BODY_SKILL, TITLE_PRICE_SKILL, MEMBER_SKILL]) {
    if (!existsSync(skillFile(slug))) throw new Error(`the bench's edits need ${slug}: the catalogue has ${skills} skills`);
    if (/^draft: true$/m.test(readFileSync(skillFile(slug), 'utf8'))) throw new Error(`${slug} is a draft: the bench's edits need it published`);
  }
  // The first bundle that does not list the member skill: the edit adds it, then takes it out, so
  // the bundle keeps its own members (2 or more, as the schema asks) throughout.
  const bundleName = readdirSync(join(contentDir, 'bundles')).sort()
    .find((name) => !membersOf(readFileSync(join(contentDir, 'bundles', name), 'utf8')).includes(MEMBER_SKILL));
  if (!bundleName) throw new Error(`no bundle without ${MEMBER_SKILL} to add it to`);
  const bundleFile = join(contentDir, 'bundles', bundleName);
  const edited = new Set([BODY_SKILL, TITLE_PRICE_SKILL, MEMBER_SKILL]);
  return [
    {
      run: BODY_EDIT,
      apply: () => {
        rewrite(skillFile(BODY_SKILL), withBodyEdited);
        return `skills/${BODY_SKILL}.md: one more sentence at the end of its body`;
      },
    },
    {
      run: 'warm, title and price edited',
      apply: () => {
        rewrite(skillFile(TITLE_PRICE_SKILL), withTitleAndPriceEdited);
        const text = readFileSync(skillFile(TITLE_PRICE_SKILL), 'utf8');
        return `skills/${TITLE_PRICE_SKILL}.md: ${/^title: .*$/m.exec(text)![0]}, ${/^price_cents: .*$/m.exec(text)![0]}`;
      },
    },
    {
      // A new skill after the generator's last, counting up: the next number no file has.
      run: 'warm, skill added',
      apply: () => {
        let i = skills;
        while (existsSync(skillFile(syntheticSlug(i)))) i += 1;
        writeFileSync(skillFile(syntheticSlug(i)), syntheticSkillFile(i));
        return `skills/${syntheticSlug(i)}.md: added`;
      },
    },
    {
      // The content checks refuse a bundle that lists a skill which is gone
      // (build/validate/content-rules.ts bundleMemberProblems), and the generator makes about three
      // skills in ten members of some bundle. An editor removing a member would edit its
      // bundles too, two edits at once; this one removes a skill that no bundle lists, as the
      // checks accept: the first published one of the generator's, so the next time, the next.
      run: 'warm, skill removed',
      apply: () => {
        const members = bundleMembers(contentDir);
        for (let i = 0; i < skills; i++) {
          const slug = syntheticSlug(i);
          if (edited.has(slug) || members.has(slug) || !existsSync(skillFile(slug))) continue;
          if (/^draft: true$/m.test(readFileSync(skillFile(slug), 'utf8'))) continue;
          rmSync(skillFile(slug));
          return `skills/${slug}.md: removed`;
        }
        throw new Error('no skill left that no bundle lists');
      },
    },
    {
      run: 'warm, bundle members changed',
      apply: () => {
        rewrite(bundleFile, (text) => withMemberToggled(text, MEMBER_SKILL));
        return `bundles/${bundleName}: ${/^skills: .*$/m.exec(readFileSync(bundleFile, 'utf8'))![0]}`;
      },
    },
  ];
}
