/**
 * Putting a complete new output folder in place of dist/, so that a build killed at any moment
 * (SIGKILL, a power cut of the process, not of the disk: nothing is fsynced) leaves the previous
 * complete dist/ or the new complete one, never a mix, and the next build cleans up after it.
 *
 * dist/ stays a real directory: Netlify's deploy walks the publish folder with lstat and takes a
 * symlinked folder for a file (netlify/cli#1809; okdistribute/folder-walker index.js), so the
 * classic symlink flip is out. Two directories cannot be exchanged in one call from Node
 * (renameat2's RENAME_EXCHANGE is not exposed), so the swap is two renames with a journal:
 *
 *   1. the new tree is complete in `dist.staging-<id>`;
 *   2. the journal `dist.swap.json` names it (with its inode), the folder the old tree will move
 *      to, and the files beside it that go with it (the functions' constants, the page layout);
 *   3. each of those is written to `<file>.pending`;
 *   4. rename dist → `dist.retired-<id>`;
 *   5. rename `dist.staging-<id>` → dist        (the commit point);
 *   6. rename each `<file>.pending` → <file>;
 *   7. keep the retired tree for the next build to bring up to date (the build cache's `last-dist/`,
 *      output.ts), or remove it, then remove the journal.
 *
 * Steps 4 and 5 run back to back in one synchronous stretch: dist/ is missing only between two
 * rename calls. Recovery (run by the next build, under its lock, before anything else): with a
 * journal, a missing dist/ gets the staged tree (complete, since the journal exists) or else the
 * retired one; the pending files beside it are renamed into place when dist/ is the journal's tree
 * (same inode) and dropped otherwise; then the journal's folders and the journal go. Without a
 * journal, staging folders are unfinished builds and retired folders are garbage: both go. Every
 * step of the recovery can itself be interrupted and run again.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { removeEntries, TEMPORARY_SUFFIX, writeFileAtomically } from './atomic-file.ts';
import { FileReadError } from './build-errors.ts';

/** A file that belongs with the output and lives outside it (the functions' build constants, the
 * Edge Function's page layout): swapped in with it. */
export interface Companion {
  file: string;
  text: string;
}

interface Journal {
  staging: string;
  /** Inode of the staging folder: rename keeps it, so it tells the new tree in dist/'s place. */
  inode: number;
  retired: string;
  companions: { file: string; pending: string }[];
}

const journalOf = (outDir: string) => `${outDir}.swap.json`;
const pendingOf = (file: string) => `${file}.pending`;
const LEFTOVER_KINDS = ['staging', 'retired'] as const;

/** A fresh name beside dist/ for a folder of one of the leftover kinds. */
export function siblingFolder(outDir: string, kind: (typeof LEFTOVER_KINDS)[number]): string {
  return `${outDir}.${kind}-${process.pid}-${Date.now()}`;
}

/** The swap as its steps, in order: `swapIn` runs them all; tests stop after any one of them, as a
 * kill would. */
export function swapSteps(staging: string, outDir: string, companions: readonly Companion[] = [], spare?: string): (() => void)[] {
  const journal: Journal = {
    staging,
    inode: 0,
    retired: siblingFolder(outDir, 'retired'),
    companions: companions.map(({ file }) => ({ file, pending: pendingOf(file) })),
  };
  let hadPrevious = false;
  return [
    () => {
      journal.inode = statSync(staging).ino;
      writeFileAtomically(journalOf(outDir), JSON.stringify(journal));
    },
    () => companions.forEach(({ text }, i) => writeFileAtomically(journal.companions[i].pending, text)),
    () => {
      hadPrevious = renameIfPresent(outDir, journal.retired);
      try {
        renameSync(staging, outDir);
      } catch (error) {
        // Not a kill: put the old tree back and leave the journal to the next build.
        if (hadPrevious) renameSync(journal.retired, outDir);
        throw error;
      }
    },
    () => journal.companions.forEach(({ pending, file }) => renameSync(pending, file)),
    () => {
      if (hadPrevious && spare !== undefined) {
        rmSync(spare, { recursive: true, force: true });
        if (renameIfPresent(journal.retired, spare, true)) return;
      }
      rmSync(journal.retired, { recursive: true, force: true });
    },
    () => rmSync(journalOf(outDir), { force: true }),
  ];
}

/** `spare`: where the folder it replaces is kept (see step 7); without it, that folder is removed. */
export function swapIn(staging: string, outDir: string, companions: readonly Companion[] = [], spare?: string): void {
  for (const step of swapSteps(staging, outDir, companions, spare)) step();
}

/** Finishes or undoes what an interrupted build left beside `outDir` and beside its companion
 * files (see the protocol above). */
export function recoverOutput(outDir: string, companionFiles: readonly string[] = []): void {
  const journal = readJournal(journalOf(outDir));
  if (journal) {
    if (!existsSync(outDir) && !renameIfPresent(journal.staging, outDir)) renameIfPresent(journal.retired, outDir);
    const committed = inodeOf(outDir) === journal.inode;
    for (const { pending, file } of journal.companions ?? []) {
      if (!existsSync(pending)) continue;
      if (committed) renameSync(pending, file);
      else rmSync(pending, { force: true });
    }
    for (const folder of [journal.staging, journal.retired]) rmSync(folder, { recursive: true, force: true });
    rmSync(journalOf(outDir), { force: true });
  }
  // Folders of builds killed before their journal existed, and files torn by a kill while being
  // written under a temporary name (atomic-file.ts).
  const base = basename(outDir);
  removeEntries(dirname(outDir), (name) => LEFTOVER_KINDS.some((kind) => name.startsWith(`${base}.${kind}-`)) || isTemporaryOf(basename(journalOf(outDir)), name));
  for (const companionFile of companionFiles) {
    const file = basename(companionFile);
    removeEntries(dirname(companionFile), (name) => name === basename(pendingOf(companionFile)) || isTemporaryOf(file, name) || isTemporaryOf(`${file}.pending`, name));
  }
}

const isTemporaryOf = (file: string, name: string) => name.startsWith(`${file}.`) && name.endsWith(TEMPORARY_SUFFIX);

function readJournal(path: string): Journal | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Journal;
  } catch (error) {
    // Written atomically, so a journal is whole or absent; anything else is not this build's.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new FileReadError(path, `expected the journal of an interrupted build (JSON), could not read it: ${(error as Error).message}`, { cause: error });
  }
}

/** `acrossFileSystems`: a rename refused because `to` is on another file system is no error either. */
function renameIfPresent(from: string, to: string, acrossFileSystems = false): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || (acrossFileSystems && code === 'EXDEV')) return false;
    throw error;
  }
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}
