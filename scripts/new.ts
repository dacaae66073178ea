/**
 * `npm run new -- skill <slug>` / `npm run new -- bundle <slug>`: write a template that passes
 * `npm run check` as written and stays a draft until an editor publishes it. Where the editor has
 * to write something it holds a placeholder (build/placeholder.ts): a valid value, so the draft
 * checks clean, that the check names by field once the file is published.
 * Options: --content DIR (default content/).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import fg from 'fast-glob';
import { PROJECT_ROOT } from '../build/index.ts';
import { loadContent, MARKDOWN_GLOB } from '../build/load.ts';
import { validateFile } from '../build/validate/index.ts';
import { CLUSTER_IDS } from '../core/types.ts';
import { displayPath } from './check.ts';
import { NEW_OPTIONS } from './new-options.ts';
import { PLACEHOLDER_MARK, placeholder } from '../build/placeholder.ts';
import defs from '../schema/defs.schema.json' with { type: 'json' };

export const KINDS = ['skill', 'bundle'] as const;

// The slug's one home is schema/defs.schema.json.
const SLUG = new RegExp(defs.$defs.Slug.pattern);
const USAGE = 'Usage: npm run new -- skill <slug>   or   npm run new -- bundle <slug>   [--content DIR]';
const PLACEHOLDER_MEMBERS = ['first-skill-slug', 'second-skill-slug'];

/** A placeholder as a YAML value: double-quoted, so that its colon is text. */
const todo = (instruction: string) => JSON.stringify(placeholder(instruction));

/** A request the command will not carry out; the message says why and what to do instead. */
export class NewFileRefusal extends Error {
  override name = 'NewFileRefusal';
}

export interface NewFileResult {
  /** Absolute path of the file written. */
  path: string;
  /** For a bundle: the skills it names, or undefined when placeholders were written. */
  members?: string[];
}

export async function createContentFile(kind: string, slug: string, contentDir = join(PROJECT_ROOT, 'content')): Promise<NewFileResult> {
  if (!(KINDS as readonly string[]).includes(kind)) throw new NewFileRefusal(`Unknown kind ${JSON.stringify(kind)}: expected skill or bundle.`);
  if (!SLUG.test(slug)) {
    throw new NewFileRefusal(`The slug ${JSON.stringify(slug)} is not allowed: a slug is lower-case letters, digits and dashes (${SLUG.source}), e.g. mom-test.`);
  }
  const dir = join(resolve(contentDir), `${kind}s`);
  const taken = await existingFile(dir, slug);
  if (taken) throw new NewFileRefusal(`A ${kind} with the slug "${slug}" already exists: ${taken}. Pick another slug or edit that file.`);

  const path = join(dir, `${slug}.md`);
  let members: string[] | undefined;
  let text: string;
  if (kind === 'skill') text = skillTemplate(slug);
  else {
    const live = await liveSkills(resolve(contentDir));
    members = live.length >= 2 ? live.slice(0, 2) : undefined;
    text = bundleTemplate(members);
  }
  await mkdir(dir, { recursive: true });
  // 'wx' refuses to overwrite a file that appeared since the check above.
  await writeFile(path, text, { flag: 'wx' });
  return { path, members };
}

/** Any Markdown file under the kind's folder whose name is the slug makes a duplicate slug. */
async function existingFile(dir: string, slug: string): Promise<string | undefined> {
  const paths = await fg(MARKDOWN_GLOB, { cwd: dir, absolute: true, onlyFiles: true });
  return paths.find((path) => basename(path, extname(path)) === slug);
}

/** Slugs of the skills that are valid and not drafts, in slug order: what a bundle can publish. */
async function liveSkills(contentDir: string): Promise<string[]> {
  const { skills } = await loadContent(contentDir, PROJECT_ROOT);
  const count = new Map<string, number>();
  for (const doc of skills) count.set(doc.slug, (count.get(doc.slug) ?? 0) + 1);
  return skills
    .filter((doc) => SLUG.test(doc.slug) && count.get(doc.slug) === 1 && validateFile('skill', doc).length === 0)
    .filter((doc) => (doc.data as { draft?: boolean }).draft !== true)
    .map((doc) => doc.slug)
    .sort();
}

export function skillTemplate(slug: string): string {
  // A slug may start with a dash; a command may not.
  const command = `/${slug.replace(/^-+/, '') || 'your-command'}`;
  return `---
# The file name is the slug: this skill lives at /skills/${slug}.
# draft: true keeps it out of the site and the API. Set it to false (or delete the line) to publish.
# Replace every "${PLACEHOLDER_MARK} …" first: npm run check names each one left in a published skill.
draft: true
title: ${todo("the skill's name, as shoppers see it")}
author: ${todo('the author of the book it is drawn from')}
# Optional (null or delete the line to leave out): one sentence each.
problem: ${todo('the problem the skill solves')}
outcome: ${todo('what the user has once it is solved')}
summary: ${todo('what the skill does, for the catalogue card')}
# One or two of: ${CLUSTER_IDS.join(', ')}.
# The first one decides where the skill appears in the catalogue.
clusters: [${CLUSTER_IDS[0]}]
# command: the skill gives the agent slash commands (list at least one below).
# reference: the agent reads it; then commands is [].
kind: command
commands: [${command}]
you_get:
  - ${todo('something the user has in hand afterwards')}
wont_do:
  - ${todo('something the skill deliberately leaves out')}
# Optional (source: null if the skill is not drawn from a book): all five keys, null where unknown.
source:
  year: 2024 # year of the edition
  edition: null # e.g. "2nd edition"
  isbn: null # e.g. "9781492180746"
  buy_url: null # e.g. https://example.com/the-book
  buy_label: ${todo("the book's title, as the buy link reads")}
# Optional: price in euro cents, net. Without it the skill costs site.yaml's pricing.single_cents.
# price_cents: 1900
# Optional: place within its first cluster, ascending. Skills without it come after those with it.
# order: 10
---
${placeholder("the long description, in Markdown: it becomes the skill's page and its Markdown twin.")}
`;
}

export function bundleTemplate(members: readonly string[] | undefined): string {
  const skills = members ?? PLACEHOLDER_MEMBERS;
  const note = members
    ? '# Slugs of its skills (file names in skills/ without .md). Drafts are left out; it needs two live ones.'
    : '# Slugs of its skills (file names in skills/ without .md): replace these placeholders.\n' +
      '# Drafts are left out; a bundle is published only with two live skills or more.';
  return `---
# draft: true keeps this bundle out of the site and the API. Set it to false (or delete the line) to publish.
# Replace every "${PLACEHOLDER_MARK} …" first: npm run check names each one left in a published bundle.
draft: true
title: ${todo("the bundle's name")}
problem: ${todo('the problem the bundle solves, in one sentence')}
blurb: ${todo('one line for the catalogue card')}
why: ${todo('why these skills belong together')}
${note}
skills: [${skills.join(', ')}]
# Optional: place among the bundles, ascending. Bundles without it come after those with it.
# order: 10
---
${placeholder('the long description, in Markdown.')}
`;
}

async function main(): Promise<number> {
  let kind: string | undefined;
  let slug: string | undefined;
  let contentDir: string | undefined;
  try {
    const parsed = parseArgs({ options: NEW_OPTIONS, allowPositionals: true });
    if (parsed.positionals.length !== 2) throw new NewFileRefusal(`Expected a kind and a slug, got ${parsed.positionals.length} argument(s).`);
    [kind, slug] = parsed.positionals;
    contentDir = parsed.values.content;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 1;
  }
  try {
    const { path, members } = await createContentFile(kind, slug, contentDir);
    console.log(`Wrote ${displayPath(path)} (a draft).`);
    if (kind === 'bundle') {
      console.log(members
        ? `It names ${members.join(' and ')}; change them to the skills the bundle is about.`
        : 'There are not two live skills to name yet: replace the placeholder slugs under skills:, or npm run check reports them.');
    }
    console.log(`Next: edit it, then npm run check. Replace every "${PLACEHOLDER_MARK} …" placeholder and set draft: false when it is ready to publish.`);
    return 0;
  } catch (error) {
    if (!(error instanceof NewFileRefusal)) throw error;
    console.error(error.message);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
