/**
 * The code fingerprints: hashes of exactly the code that decides an entry of the build cache
 * (build/cache/), found by esbuild's own resolver from entry points rather than listed by hand.
 *
 * - render, part of every page's key: the project modules the page renderer imports, from the
 *   main-thread side that makes the frame and the jobs and from the worker that renders them.
 *   Code the renderer never imports (the payment check, the functions, the API description, the
 *   command line) is not in it: editing it re-renders nothing. Data the renderer reads as files
 *   rather than imports (the stylesheet, the icon) reaches every page through the page frame,
 *   which is part of the key on its own.
 * - check, for the cached front matter of content files: the loading and validating code and
 *   every schema.
 * - body, for rendered bodies kept apart from their pages (build/cache/bodies.ts): only the
 *   body renderer and what it imports, so a change of the page layout re-renders pages without
 *   parsing their Markdown again.
 * - editor, for the content editor's script (build/emit/admin.ts): what admin-editor.ts imports.
 *
 * Both also cover the locked dependencies and Node's major version.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { buildSync } from 'esbuild';
import fg from 'fast-glob';
import { writeFileAtomically } from './atomic-file.ts';
import { fileClockNow, settled, stampOf } from './file-stamp.ts';

/** Bumped when the meaning of a fingerprint or the memo's layout changes. */
const FINGERPRINT_FORMAT = 7;

/** Where rendering starts, from the project root: the main thread's page jobs and the worker. */
export const RENDER_ENTRIES = ['build/run/pages.ts', 'build/run/worker.ts'] as const;
/** Where checking a content file starts: reading it and validating it against its schema. */
export const CHECK_ENTRIES = ['build/load.ts', 'build/validate/index.ts'] as const;
/** Where turning a body's Markdown into its HTML and twin text starts. */
export const BODY_ENTRIES = ['site/render/markdown-body.ts'] as const;
/** Where the content editor's browser script starts. */
export const EDITOR_ENTRIES = ['build/emit/admin-editor.ts'] as const;
/** Where every artifact's emitter is listed: what the files the build keeps per emitter depend on. */
export const EMIT_ENTRIES = ['build/emit/index.ts'] as const;

/** What decides each kind of cache entry (build/cache/). */
export interface CodeFingerprints {
  /** The page renderer's code: part of every rendered page's key. */
  render: string;
  /** The code that parses and checks a content file, and the schemas it checks against: a cached
   * front matter is known to pass only under the same checks. */
  check: string;
  /** The body renderer's code: part of every rendered body's key. */
  body: string;
  /** The content editor's script: names its bundle. */
  editor: string;
  /** Every emitter's code and the schemas: part of the key of the files an artifact made (build/run/artifact.ts). */
  emit: string;
}

type Inputs = Record<keyof CodeFingerprints, string[]>;

/**
 * Project files each group of entries imports, directly or not (JSON included), sorted and
 * relative to the project root, in one pass of esbuild's resolver. Packages are left out:
 * package-lock.json stands for them.
 */
export function importedFiles(projectRoot: string): Inputs {
  const groups: Record<keyof Inputs, readonly string[]> = { render: RENDER_ENTRIES, check: CHECK_ENTRIES, body: BODY_ENTRIES, editor: EDITOR_ENTRIES, emit: EMIT_ENTRIES };
  const entryPoints = Object.entries(groups).flatMap(([group, entries]) =>
    entries.map((entry, index) => ({ in: join(projectRoot, entry), out: `${group}-${index}` })));
  const { metafile } = buildSync({
    absWorkingDir: projectRoot,
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    outdir: join(projectRoot, '.fingerprint'),
    logLevel: 'silent',
  });
  const inputs: Inputs = { render: [], check: [], body: [], editor: [], emit: [] };
  for (const [output, { inputs: used }] of Object.entries(metafile.outputs)) {
    const group = basename(output).split('-')[0] as keyof Inputs;
    inputs[group].push(...Object.keys(used).map((input) => relative(projectRoot, join(projectRoot, input)).split(sep).join('/')));
  }
  const sorted = (files: string[]) => [...new Set(files)].sort();
  return { render: sorted(inputs.render), check: sorted(inputs.check), body: sorted(inputs.body), editor: sorted(inputs.editor), emit: sorted(inputs.emit) };
}

/** The fingerprints of the project at `projectRoot`. Content is not in them: a commit that only
 * changes other content files leaves every unchanged page's key as it was. */
export function codeFingerprints(projectRoot: string, memoFile: string | null = defaultMemoFile(projectRoot)): CodeFingerprints {
  // A process that builds many times (npm run dev, the tests) hashes the code again only when a
  // stamp of what was hashed moved, or the list of schemas did: stat calls instead of reading ~300 files.
  const schemas = fg.sync('schema/**/*.json', { cwd: projectRoot });
  const last = lastFingerprints.get(projectRoot);
  if (last && last.schemas === schemas.join('\n') && last.files.every(([file, stamp]) => stampOrNone(statOf(join(projectRoot, file))) === stamp)) return last.value;
  // Each file's stat taken once here, before any is read: a file that changes while it is read
  // moves its stamp past this one.
  const stampedAt = fileClockNow();
  const stats = new Map<string, BigIntStats | undefined>();
  const stamp = (file: string) => {
    if (!stats.has(file)) stats.set(file, statOf(join(projectRoot, file)));
    return stampOrNone(stats.get(file));
  };
  const memo = memoFile ? readMemo(memoFile) : undefined;
  const inputsKept = memo !== undefined && Object.entries(memo.stamps).every(([file, stamped]) => stamp(file) === stamped);
  const inputs = inputsKept ? memo.inputs : importedFiles(projectRoot);
  const hashed = [...new Set([...Object.values(inputs).flat(), ...schemas, 'package-lock.json'])];
  const files = hashed.map((file): [string, string] => [file, stamp(file)]);
  // Each file read and hashed once, however many fingerprints it is part of, or its digest taken
  // from the memo while its stamp is the one it was hashed with. A digest is remembered only for a
  // file last changed before its stamp was taken by more than a tick of the file clock: one written
  // again within the tick it was stamped in could keep its stamp (build/file-stamp.ts).
  const digests = new Map<string, string>();
  const remembered: Record<string, [stamp: string, digest: string]> = {};
  for (const [file, stamped] of files) {
    const known = memo?.digests?.[file];
    const digest = known !== undefined && known[0] === stamped ? known[1] : createHash('sha256').update(readFileSync(join(projectRoot, file))).digest('base64url');
    digests.set(file, digest);
    const stat = stats.get(file);
    if (stat !== undefined && settled(stat, stampedAt)) remembered[file] = [stamped, digest];
  }
  if (memoFile && (!inputsKept || JSON.stringify(remembered) !== JSON.stringify(memo.digests))) {
    const stamps = inputsKept ? memo.stamps : Object.fromEntries([...new Set(Object.values(inputs).flat())].map((file) => [file, stamp(file)]));
    try {
      writeFileAtomically(memoFile, JSON.stringify({ format: FINGERPRINT_FORMAT, inputs, stamps, digests: remembered } satisfies Memo));
    } catch {
      // A read-only tree: the next build resolves and hashes again.
    }
  }
  const fingerprint = (purpose: string, group: readonly string[]) => hashFiles(purpose, group, digests);
  const value = {
    render: fingerprint('render', inputs.render),
    check: fingerprint('check', [...new Set([...inputs.check, ...schemas])].sort()),
    body: fingerprint('body', inputs.body),
    editor: fingerprint('editor', inputs.editor),
    // Emitters read schemas at run time too (openapi.json's components, the editor's form, the JSON checks).
    emit: fingerprint('emit', [...new Set([...inputs.emit, ...schemas])].sort()),
  };
  // Kept for the next call in this process on the same terms as a remembered digest: when every
  // file's stamp is old enough to move with any change.
  if (files.every(([file]) => remembered[file] !== undefined)) lastFingerprints.set(projectRoot, { schemas: schemas.join('\n'), files, value });
  else lastFingerprints.delete(projectRoot);
  return value;
}

const lastFingerprints = new Map<string, { schemas: string; files: [string, string][]; value: CodeFingerprints }>();

/** A file's stat, none when it is not there. */
const statOf = (path: string): BigIntStats | undefined => statSync(path, { bigint: true, throwIfNoEntry: false });
const stampOrNone = (stat: BigIntStats | undefined): string => (stat ? stampOf(stat) : 'none');

/** Hash of these files' names and bytes (by their `digests`), the locked dependencies and Node's
 * major version. */
function hashFiles(purpose: string, files: readonly string[], digests: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256').update(`${purpose} ${FINGERPRINT_FORMAT}\nnode ${process.versions.node.split('.')[0]}\n`);
  for (const file of [...files, 'package-lock.json']) hash.update(`${file}\n${digests.get(file)}\n`);
  return hash.digest('base64url');
}

const defaultMemoFile = (projectRoot: string) => join(projectRoot, 'node_modules/.cache/skill-catalogue-fingerprint.json');

/**
 * What the last call worked out, kept between builds. Resolving imports costs esbuild a pass over
 * every module (a tenth of a second or more), and which files are imported changes only when one
 * of them does; reading and hashing every file costs more than the rest of the fingerprints. So
 * the import lists are kept with each file's stamp when its imports were read, and each digest
 * with the stamp of the bytes it was taken from (inode, size, modification and change times: no
 * write leaves them all as they were), and each is worked out again only when a stamp differs.
 */
interface Memo {
  format: number;
  inputs: Inputs;
  /** Each input's stamp when its imports were read. */
  stamps: Record<string, string>;
  /** Each file hashed, with the stamp it had then, and its digest. */
  digests: Record<string, [stamp: string, digest: string]>;
}

/** The memo in `memoFile`, when there is one of this format. */
function readMemo(memoFile: string): Memo | undefined {
  try {
    const memo = JSON.parse(readFileSync(memoFile, 'utf8')) as Memo;
    return memo.format === FINGERPRINT_FORMAT ? memo : undefined;
  } catch {
    // No memo, or an unreadable one: resolve and hash again.
    return undefined;
  }
}
