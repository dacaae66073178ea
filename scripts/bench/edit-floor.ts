/**
 * The floor of an edit, for `npm run bench`: one skill's body edited, its files made again in a
 * straight line by nothing but the work the edit needs, so that the body-edit build's time is a
 * ratio to it, as the cold build's is to the cold floor (floor.ts). What the last run knew is
 * its state, in one file, read whole: the model, each content file's stat and front matter's
 * digest, each item's search part, and the twins llms-full.txt joins. The edit is then: every
 * content file's stat compared, the one that changed read and its body checked, its entry replaced
 * in the model and the pages' dates with it, and only the files the edit changes made and written
 * over the last ones, with their /v1 copies: the skill's page and twin, the search index joined
 * from its parts, the feeds that list the skill, the sitemap, and the part of llms-full.txt that
 * holds the twin. The state stays
 * as the last run left it, so each edit is made from that run, as each of the bench's body edits is
 * one more sentence in the same file. What it leaves out: any other kind of edit, the build cache's
 * keys, the workers, the locks and the swap.
 */
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import fg from 'fast-glob';
import { contentModel, PROJECT_ROOT } from '../../build/index.ts';
import { deployContext } from '../../build/deploy-context.ts';
import { withMirrors } from '../../build/mirror.ts';
import { checkKeyOf, parseDocumentText } from '../../build/load.ts';
import { contentDates, isoSeconds } from '../../build/content-dates.ts';
import { hashText } from '../../build/digest.ts';
import { bodyLimitProblems } from '../../build/render/body-limits.ts';
import { bodyPlaceholder } from '../../build/placeholder.ts';
import { siteFrame } from '../../build/emit/assets.ts';
import { buildBodies } from '../../build/run/bodies.ts';
import { KINDS } from '../../build/emit/index.ts';
import { selectionOf } from '../../build/run/index.ts';
import { allPages, llmsFullTwin, renderPageTask } from '../../site/pages/registry.ts';
import type { PageTask } from '../../site/pages/registry.ts';
import { skillKind } from '../../site/pages/skill.ts';
import { searchCatalogue, searchIndexFiles, searchItems, searchPartOf } from '../../site/search-index.ts';
import { numberedPart } from '../../core/search.ts';
import { feedFiles, feedInputs } from '../../site/feeds.ts';
import { sitemapFiles } from '../../site/sitemap.ts';
import { llmsFullText } from '../../site/llms.ts';
import { joinLlmsFull, llmsFullFiles } from '../../site/llms-full.ts';
import type { StampEnvironment } from '../../build/stamp.ts';
import type { CatalogueModel } from '../../site/model.ts';
import type { OutputFile } from '../../site/types.ts';

/** What the floor knows of the last run: all an edit of one body needs and nothing it can make again. */
interface EditFloorState {
  contentDir: string;
  model: CatalogueModel;
  /** Each content file's size and modification time, by its absolute path. */
  stats: Record<string, [size: number, mtimeMs: number]>;
  /** The digest of each skill file's text before its body: the same, and only the body changed. */
  heads: Record<string, string>;
  /** Every term of the search parts, and each item's part numbered by it, in searchItems' order. */
  terms: string[];
  parts: Int32Array[];
  /** The twins llms-full.txt joins, in its order, and the size of each. */
  twins: string[];
  twinSizes: number[];
}

export interface EditFloorOptions {
  contentDir: string;
  /** The last run's files, written over by the edit. */
  outDir: string;
  stateFile: string;
  env: StampEnvironment;
}

/** Every file of the content folder: those the loader reads (build/load.ts) among them. */
const contentFiles = (contentDir: string) => fg.sync('**/*', { cwd: contentDir, onlyFiles: true, absolute: true });

/** The place of each term in `terms`, a new one added at its end: how a part's terms are numbered (core/search.ts). */
function termPlaces(terms: string[]): (term: string) => number {
  const places = new Map(terms.map((term, i) => [term, i]));
  return (term) => places.get(term) ?? (places.set(term, terms.length), terms.push(term) - 1);
}

const headOf = (text: string, bodyStart: number) => hashText(text.slice(0, bodyStart));

/** The last run: `from`, a folder of this content's files (a build's, or the cold floor's), copied
 * into `outDir`, and what an edit of a body needs into `stateFile`. */
export async function prepareEditFloor({ contentDir, from, outDir, stateFile, env }: EditFloorOptions & { from: string }): Promise<void> {
  const dir = resolve(contentDir);
  const model = await contentModel(dir, env, deployContext(env));
  rmSync(outDir, { recursive: true, force: true });
  cpSync(from, outDir, { recursive: true });
  const stats: EditFloorState['stats'] = {};
  const heads: EditFloorState['heads'] = {};
  const skills = new Set(model.skills.map((entry) => entry.body.path));
  for (const path of contentFiles(dir)) {
    const { size, mtimeMs } = statSync(path);
    stats[path] = [size, mtimeMs];
    if (skills.has(path)) {
      const text = readFileSync(path, 'utf8');
      heads[path] = headOf(text, parseDocumentText(text, path).bodyStart);
    }
  }
  const terms: string[] = [];
  const placeOf = termPlaces(terms);
  const parts = searchItems(model).map((input) => numberedPart(searchPartOf(input, buildBodies), placeOf));
  const twins = llmsFullTwins(model, outDir);
  const twinSizes = twins.map((twin) => statSync(join(outDir, twin)).size);
  writeFileSync(stateFile, serialize({ contentDir: dir, model, stats, heads, terms, parts, twins, twinSizes } satisfies EditFloorState));
}

/** The twins llms-full.txt joins, as its kind selects them from the pages, each of the size the last run wrote. */
function llmsFullTwins(model: CatalogueModel, outDir: string): string[] {
  const selection = selectionOf(model, {});
  const made = { files: [], keyOf: () => '', size: (path: string) => statSync(join(outDir, path)).size };
  return KINDS['llms-full'].tasks(selection, made).flatMap((task) => task.input.twins.map(([twin]) => twin));
}

/** The edit, timed step by step under the names of the build's steps that do the same work. */
export function editFloor({ outDir, stateFile }: Pick<EditFloorOptions, 'outDir' | 'stateFile'>): { files: string[]; timings: Record<string, number> } {
  const timings: Record<string, number> = {};
  const timed = <T>(step: string, work: () => T): T => {
    const started = performance.now();
    const value = work();
    timings[step] = (timings[step] ?? 0) + performance.now() - started;
    return value;
  };
  const state = timed('cache open', () => deserialize(readFileSync(stateFile)) as EditFloorState);
  const { model } = state;

  // Load: every file's stat against the last run's; the one that changed read, its body checked.
  const edited = timed('load', () => {
    const changed = contentFiles(state.contentDir).filter((path) => {
      const { size, mtimeMs } = statSync(path);
      const known = state.stats[path];
      return known === undefined || known[0] !== size || known[1] !== mtimeMs;
    });
    const path = changed[0];
    if (changed.length !== 1 || !(path in state.heads)) throw new Error(`The edit floor makes one skill's body edit, not this: ${changed.join(', ') || 'nothing changed'}`);
    const bytes = readFileSync(path);
    const text = bytes.toString('utf8');
    const { body, bodyStart } = parseDocumentText(text, path);
    if (headOf(text, bodyStart) !== state.heads[path]) throw new Error(`${path}: its front matter changed too; the edit floor makes a body edit only`);
    const problems = bodyLimitProblems(body);
    if (problems.length > 0 || bodyPlaceholder(text, bodyStart)) throw new Error(`${path}: its body is not one the build publishes`);
    return { path, bodyStart, checkKey: checkKeyOf('skill', bytes) };
  });

  // Model: the entry's body and dates replaced, and the pages' dates.
  const at = timed('model', () => {
    const index = model.skills.findIndex((entry) => entry.body.path === edited.path);
    const entry = model.skills[index];
    const modified = isoSeconds(statSync(edited.path).mtime);
    const dates = contentDates(state.contentDir, PROJECT_ROOT, () => modified);
    model.skills[index] = {
      ...entry,
      body: { ...entry.body, start: edited.bodyStart, checkKey: edited.checkKey },
      lastModified: dates.lastModified(entry.file),
      firstPublished: dates.firstPublished(entry.file),
    };
    // Every page's date, the listings' too: each is its newest item's.
    model.pages = allPages(model);
    return index;
  });

  const files: OutputFile[] = [];
  const { frame, task } = timed('make', () => {
    const frame = siteFrame(model);
    const entry = model.skills[at];
    // Its page and twin, from its page's input alone (the bundles that hold it).
    const [input] = skillKind.inputs({ ...model, skills: [entry] });
    const task: PageTask = { kind: 'skill', path: skillKind.ref('', input).path, input };
    // Its own page's two files come first; its subpage (the install page) shows nothing of the body.
    files.push(...renderPageTask(frame, task, buildBodies).slice(0, 2));
    // The search index: the item's part made again, the rest the last run's, all joined.
    const items = searchItems(model);
    state.parts[at] = numberedPart(searchPartOf(items[at], buildBodies), termPlaces(state.terms));
    files.push(...searchIndexFiles({ terms: state.terms, parts: state.parts }, searchCatalogue(model, items)));
    // The feeds that list it, and the sitemap.
    for (const feed of feedInputs(model)) if (feed.entries.some((each) => each.id === entry.skill.url)) files.push(...feedFiles(feed));
    files.push(...sitemapFiles(model.site.baseUrl, model.pages));
    return { frame, task };
  });

  timed('make last', () => {
    // The part of llms-full.txt that holds the twin, the others' twins read as the last run wrote them.
    const twinPath = llmsFullTwin(frame, task);
    const twin = files.find((file) => file.path === twinPath)!;
    const sizes = new Map(state.twins.map((path, i) => [path, state.twinSizes[i]]));
    sizes.set(twin.path, Buffer.byteLength(twin.bytes));
    const text = llmsFullText(frame, model.skills.length, model.bundles.length);
    for (const part of llmsFullFiles(text, state.twins, (path) => sizes.get(path)!)) {
      if (!part.twins.includes(twin.path)) continue;
      files.push({ path: part.path, bytes: joinLlmsFull(part.head, part.twins.map((path) => (path === twin.path ? Buffer.from(twin.bytes) : readFileSync(join(outDir, path))))) });
    }
  });

  // Each file and its /v1 copies written over the last ones.
  timed('write', () => {
    for (const { path, bytes } of files) for (const copy of withMirrors([path])) writeFileSync(join(outDir, copy), bytes);
  });
  return { files: files.map((file) => file.path), timings };
}
