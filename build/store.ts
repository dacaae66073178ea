/**
 * The build cache: one folder kept between builds (and between deploys, by the plugin in
 * build/netlify-plugin-cache/) holding what tasks made that is not a published file, each value
 * under the key of the task that made it (build/run/task.ts):
 *
 * - `files.pack`: what loading and checking made of each content file that passed, by its path
 *   (build/load.ts);
 * - `dates.pack`: each content file's commit dates, with the commit they were read at, by the
 *   content folder (build/content-dates.ts);
 * - `search.parts`: each item's part of the search index, by the digest of its code and input
 *   (search-parts.ts);
 * - `bodies/`: each content file's body rendered, one file per content file holding the key it was
 *   rendered under, read by whichever thread renders a page;
 * - `last-dist/`: the output folder the last swap took out of service (build/output.ts), which the
 *   next build brings up to date in place instead of writing a new one.
 *
 * A pack is read on first use and saved with exactly the entries this
 * build asked for or made, so it holds no value of a file or item that is gone.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import location from './cache-location.json' with { type: 'json' };
import { joinedLines, removeTemporaries, writeFileAtomically } from './atomic-file.ts';
import { openSearchParts } from './search-parts.ts';
import { BuildDefinitionError } from '../site/errors.ts';
import type { SearchPartStore } from './search-parts.ts';

/** Bumped when the layout of the cache itself changes. */
const STORE_FORMAT = 8;

/** Values by a key of their input (a digest, a path), kept between builds. */
export interface Pack<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

export type PackName = 'files' | 'dates';

export interface Store {
  /** False for a build without a cache: nothing is read or kept. */
  readonly enabled: boolean;
  /** The pack `name` as values made by `code` (its digest, build/code.ts): a pack saved by other
   * code holds none of them. */
  pack<T>(name: PackName, code: string): Pack<T>;
  /** Each item's part of the search index (search-parts.ts). */
  readonly searchParts: SearchPartStore;
  /** Where rendered bodies are kept, for every thread that renders (undefined without a cache). */
  readonly bodies: string | undefined;
  /** Where the folder the last swap retired waits for the next build (undefined without a cache). */
  readonly spare: string | undefined;
  /** Writes the pack `name` now, if it changed, and lets go of it: the build asks nothing more of it. */
  close(name: PackName): void;
  /** Writes every pack still open that changed, and removes the bodies of content files no longer
   * there (`bodyFiles`: the body file names this build's content has, bodyFileOf). */
  save(bodyFiles: ReadonlySet<string>): void;
}

const NO_PACK: Pack<never> = { get: () => undefined, set: () => {} };

/** No cache: a build that reads nothing and keeps nothing (each its own, so none keeps another's parts). */
export const noStore = (): Store => ({ enabled: false, pack: () => NO_PACK, searchParts: openSearchParts(undefined), bodies: undefined, spare: undefined, close: () => {}, save: () => {} });

export function openStore(dir: string): Store {
  // What a build killed while writing here left (the store is opened under the build's lock).
  removeTemporaries(dir);
  const bodies = join(dir, 'bodies');
  removeTemporaries(bodies);
  const packs = new Map<PackName, PackLines>();
  const open = (name: PackName, code: string) => {
    let pack = packs.get(name);
    if (!pack) packs.set(name, (pack = readPack(join(dir, `${name}.pack`), code)));
    if (pack.code !== code) throw new BuildDefinitionError(`The pack ${name} is opened under two codes`);
    return pack;
  };
  const write = (name: PackName, { code, last, used, changed }: PackLines) => {
    // Unchanged: every entry asked for was there, and nothing else was.
    if (!changed && used.size === last.size) return;
    writeFileAtomically(join(dir, `${name}.pack`), joinedLines(headOf(code), linesOf(used)));
  };
  const searchParts = openSearchParts(join(dir, 'search.parts'));
  return {
    enabled: true,
    searchParts,
    pack<T>(name: PackName, code: string): Pack<T> {
      const pack = open(name, code);
      return {
        get(key) {
          let entry = pack.used.get(key);
          if (entry === undefined) {
            const line = pack.last.get(key);
            if (line === undefined) return undefined;
            pack.used.set(key, (entry = { line, value: JSON.parse(line.slice(line.indexOf('\t') + 1)) }));
          }
          return entry.value as T;
        },
        set(key, value) {
          pack.used.set(key, { line: `${JSON.stringify(key)}\t${JSON.stringify(value)}`, value });
          pack.changed = true;
        },
      };
    },
    close(name) {
      const pack = packs.get(name);
      if (!pack) return;
      write(name, pack);
      // Asked again, it is read again; meanwhile what it held is garbage.
      packs.delete(name);
      pack.last.clear();
      pack.used.clear();
    },
    bodies,
    spare: join(dir, location.lastDist),
    save(bodyFiles) {
      for (const [name, pack] of packs) write(name, pack);
      packs.clear();
      searchParts.save();
      removeBodiesBut(bodies, bodyFiles);
    },
  };
}

/**
 * A pack as read: its first line names the format and the code, then one line per entry, its key
 * and its value as JSON, a tab between them (JSON text holds no raw tab or line break). A value is
 * parsed when asked for, and an entry kept is written again as the line it was read as: one edit
 * costs a pack one line made, not every value parsed and written again.
 */
interface PackLines {
  code: string;
  last: Map<string, string>;
  used: Map<string, { line: string; value: unknown }>;
  changed: boolean;
}

const headOf = (code: string) => JSON.stringify({ format: STORE_FORMAT, code });

function* linesOf(entries: PackLines['used']): Generator<string> {
  for (const entry of entries.values()) yield entry.line;
}

function readPack(path: string, code: string): PackLines {
  const pack: PackLines = { code, last: new Map(), used: new Map(), changed: false };
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    // None yet, or unreadable: the build is the same without it, only slower.
    return pack;
  }
  const lines = text.split('\n');
  if (lines[0] !== headOf(code)) return pack;
  try {
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i];
      const tab = line.indexOf('\t');
      pack.last.set(JSON.parse(line.slice(0, tab)) as string, line);
    }
  } catch {
    // A line that is not an entry: the file is not one this code wrote whole.
    pack.last.clear();
  }
  return pack;
}

function removeBodiesBut(folder: string, keep: ReadonlySet<string>): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) if (!keep.has(name)) rmSync(join(folder, name), { force: true });
}
