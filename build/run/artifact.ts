/**
 * An artifact's files, made once per change of what they show. Each artifact names the parts of the
 * model it reads (a whole part, `skills`, or one field of it, `site.baseUrl`), and whether it reads
 * the page frame; its render function is handed the model with those alone, and reading anything
 * else throws. Its cache key is then derived, never written: the hash of the emitters' code, the
 * artifact's name and a digest of each thing it reads, so the key holds everything the render can
 * see, and a build with the same key places the files it kept instead of making them again (a
 * deploy where nothing changed, a save in `npm run dev` that changed no fact they show).
 *
 * A pieced artifact (the JSON twins: one file per item) is made piece by piece instead: it selects
 * each piece's input from the parts it reads, and renders a piece from that input alone, so each
 * piece is keyed by the digest of its own input, and one item's edit makes one piece again.
 */
import type { BuildCache } from '../cache/index.ts';
import { cacheUse } from './reuse.ts';
import type { WrittenFile } from './reuse.ts';
import { hashText, valueDigest } from '../digest.ts';
import type { OutputFolder } from './output.ts';
import { BuildDefinitionError } from '../../site/errors.ts';
import type { ContentProblem } from '../content-error.ts';
import type { OutputFile } from '../../site/types.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { CatalogueModel } from '../../site/model.ts';

export type ModelPart = keyof CatalogueModel;

/** What an artifact reads of the model: a part, or one field of a part (`site.baseUrl`). */
export type ModelRead = { [Part in ModelPart]: Part | `${Part}.${string & keyof CatalogueModel[Part]}` }[ModelPart];

interface ArtifactBase {
  /** What of the model its files show: all of the model its render (or its pieces' selection) is handed. */
  reads: readonly ModelRead[];
  /** Rules its files must keep (check-json.ts), judged with the whole model. */
  check?: FileCheck;
}

export interface WholeArtifact extends ArtifactBase {
  /** Whether it also reads the page frame (this build's assets, with facts of the model). */
  frame?: boolean;
  /** Its files, one at a time: each is written (and may be let go) before the next is made. */
  render(model: CatalogueModel, frame: PageFrame): Iterable<OutputFile>;
}

export interface PiecedArtifact<Piece = any> extends ArtifactBase {
  /** Each piece's input, plain data selected from what it reads: all a piece's render is handed. */
  pieces(model: CatalogueModel): Piece[];
  /** A piece's files, from its input alone. */
  renderPiece(piece: Piece): Iterable<OutputFile>;
}

export type Artifact = WholeArtifact | PiecedArtifact;

const isPieced = (artifact: Artifact): artifact is PiecedArtifact => 'pieces' in artifact;

/** `site.baseUrl` as its part and field; `skills` as its part alone. */
const partAndField = (read: ModelRead) => read.split('.') as [ModelPart, string | undefined];

/** A rule each file of an artifact is held to: its problems, and the error that names them all. */
export interface FileCheck {
  problems(file: OutputFile, model: CatalogueModel): ContentProblem[];
  error(problems: readonly ContentProblem[]): Error;
}

/** Each file of the artifact as it is made, checked, then handed to `take`; the check's error, if
 * any file broke its rule, once the last is made. A pieced artifact's `piece` says which piece
 * comes next: `take` places it from the cache (true) or it is rendered (false). */
function eachFile(
  name: string,
  artifact: Artifact,
  model: CatalogueModel,
  frame: PageFrame,
  take: (file: OutputFile) => void,
  piece: (input: unknown) => boolean = () => false,
): void {
  const problems: ContentProblem[] = [];
  const made = (files: Iterable<OutputFile>) => {
    for (const file of files) {
      if (artifact.check) problems.push(...artifact.check.problems(file, model));
      take(file);
    }
  };
  if (isPieced(artifact)) {
    for (const input of artifact.pieces(modelFor(name, artifact, model))) if (!piece(input)) made(artifact.renderPiece(input));
  } else {
    made(artifact.render(modelFor(name, artifact, model), frame));
  }
  if (artifact.check && problems.length > 0) throw artifact.check.error(problems);
}

/** The model as an artifact sees it: what it reads, and an error naming the artifact for anything else. */
export function modelFor(name: string, artifact: Artifact, model: CatalogueModel): CatalogueModel {
  const refuse = (what: string) => new BuildDefinitionError(`The ${name} artifact read the model's "${what}", which it does not list in its reads (build/emit/index.ts): its files would be kept past a change of it.`);
  // Per part, the fields read of it, or 'whole'.
  const reads = new Map<PropertyKey, Set<string> | 'whole'>();
  for (const read of artifact.reads) {
    const [part, field] = partAndField(read);
    const known = reads.get(part);
    if (field === undefined || known === 'whole') reads.set(part, 'whole');
    else reads.set(part, new Set([...(known ?? []), field]));
  }
  // A part read field by field is handed out as one guard, made at its first read.
  const guarded = new Map<PropertyKey, object>();
  return new Proxy(model, {
    get(target, part, receiver) {
      const fields = reads.get(part);
      if (fields === undefined) throw refuse(String(part));
      const value: unknown = Reflect.get(target, part, receiver);
      if (fields === 'whole' || value === null || typeof value !== 'object') return value;
      let guard = guarded.get(part);
      if (!guard) {
        // Any other field of the part's own is refused too.
        guard = new Proxy(value, {
          get(object, field, inner) {
            if (typeof field === 'string' && Object.hasOwn(object, field) && !fields.has(field)) throw refuse(`${String(part)}.${field}`);
            return Reflect.get(object, field, inner);
          },
        });
        guarded.set(part, guard);
      }
      return guard;
    },
  });
}

/** The files of an artifact, made and checked, all at once: what the bench's floor and the tests read. */
export function renderArtifact(name: string, artifact: Artifact, model: CatalogueModel, frame: PageFrame): OutputFile[] {
  const files: OutputFile[] = [];
  eachFile(name, artifact, model, frame, (file) => files.push(file));
  return files;
}

// Each part's digest is worked out once per model, however many artifacts read it.
const digests = new WeakMap<object, Map<string, string>>();

function digestOf(owner: object, name: string, value: unknown): string {
  let known = digests.get(owner);
  if (!known) digests.set(owner, (known = new Map()));
  let digest = known.get(name);
  if (digest === undefined) known.set(name, (digest = valueDigest(value)));
  return digest;
}

/** What one read of the model holds: a part, or one field of it. */
function readValue(model: CatalogueModel, read: ModelRead): unknown {
  const [part, field] = partAndField(read);
  const value = model[part];
  return field === undefined ? value : (value as unknown as Record<string, unknown>)[field];
}

/** The artifact's key: the emitters' code, its name, and the digest of everything it reads. */
export function artifactKey(emitCode: string, name: string, artifact: Artifact, model: CatalogueModel, frame: PageFrame): string {
  const parts = artifact.reads.map((read) => `${read}:${digestOf(model, read, readValue(model, read))}`);
  if (!isPieced(artifact) && artifact.frame) parts.push(`frame:${digestOf(frame, 'frame', frame)}`);
  return hashText([emitCode, name, ...parts].join('\n'));
}

/** A piece's key: the emitters' code, the artifact's name and the piece's whole input. Its input is
 * plain data, like a page job's (test/incremental-build.test.ts holds every piece of the sample to
 * that), so its JSON text is all of it. */
export const pieceKey = (emitCode: string, name: string, piece: unknown): string => hashText([emitCode, name, JSON.stringify(piece)].join('\n'));

/** What an artifact did: how many files, how many were made (the rest came from the cache), and
 * whether nothing of it was made again. */
export interface Emitted {
  files: number;
  made: number;
  fromCache: boolean;
}

/** Makes an artifact's files into the output, or places them from the cache when its key is
 * unchanged; a pieced artifact, piece by piece. */
export function emitInto(output: OutputFolder, cache: BuildCache, emitCode: string, name: string, artifact: Artifact, model: CatalogueModel, frame: PageFrame): Emitted {
  let files = 0;
  let made = 0;
  // Written as each is made: the output keeps its path and object name, not its bytes.
  let written: WrittenFile[] = [];
  const add = (file: OutputFile) => {
    written.push([file.path, output.add(file)]);
    files++;
    made++;
  };
  if (!cache.enabled) {
    eachFile(name, artifact, model, frame, add);
    return { files, made, fromCache: false };
  }
  const reuse = cacheUse(cache, output);
  if (isPieced(artifact)) {
    // Each piece's files are kept under its key once the next piece starts, and the last's at the end.
    let key: string | undefined;
    let rendered = 0;
    const keepLast = () => {
      if (key !== undefined) reuse.keep(key, written);
      written = [];
      key = undefined;
    };
    eachFile(name, artifact, model, frame, add, (piece) => {
      keepLast();
      const pieceKeyed = pieceKey(emitCode, name, piece);
      const stored = reuse.take(pieceKeyed);
      if (stored) {
        files += stored.length;
        return true;
      }
      key = pieceKeyed;
      rendered++;
      return false;
    });
    keepLast();
    return { files, made, fromCache: rendered === 0 };
  }
  const key = artifactKey(emitCode, name, artifact, model, frame);
  const stored = reuse.take(key);
  if (stored) return { files: stored.length, made: 0, fromCache: true };
  eachFile(name, artifact, model, frame, add);
  reuse.keep(key, written);
  return { files, made, fromCache: false };
}
