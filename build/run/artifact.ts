/**
 * An artifact's files, made once per change of what they show. Each artifact names the parts of the
 * model it reads (and whether it reads the page frame); its render function is handed the model
 * with those parts alone, and reading any other part throws. Its cache key is then derived, never
 * written: the hash of the emitters' code, the artifact's name and a digest of each part it reads,
 * so the key holds everything the render can see, and a build with the same key places the files
 * it kept instead of making them again (a deploy where nothing changed, a save in `npm run dev`
 * that changed no fact they show).
 */
import type { BuildCache } from '../cache/index.ts';
import { cacheUse } from './reuse.ts';
import type { WrittenFile } from './reuse.ts';
import { hashText } from '../digest.ts';
import type { OutputFolder } from './output.ts';
import { BuildDefinitionError } from '../../site/errors.ts';
import type { ContentProblem } from '../content-error.ts';
import type { OutputFile } from '../../site/types.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { CatalogueModel } from '../../site/model.ts';

export type ModelPart = keyof CatalogueModel;

export interface Artifact {
  /** The parts of the model its files show: all of the model its render is handed. */
  reads: readonly ModelPart[];
  /** Whether it also reads the page frame (this build's assets, with facts of the model). */
  frame?: boolean;
  /** Its files, one at a time: each is written (and may be let go) before the next is made. */
  render(model: CatalogueModel, frame: PageFrame): Iterable<OutputFile>;
  /** Rules its files must keep (check-json.ts), judged with the whole model. */
  check?: FileCheck;
}

/** A rule each file of an artifact is held to: its problems, and the error that names them all. */
export interface FileCheck {
  problems(file: OutputFile, model: CatalogueModel): ContentProblem[];
  error(problems: readonly ContentProblem[]): Error;
}

/** Each file of the artifact as it is made, checked, then handed to `take`; the check's error, if
 * any file broke its rule, once the last is made. */
function eachFile(name: string, artifact: Artifact, model: CatalogueModel, frame: PageFrame, take: (file: OutputFile) => void): void {
  const problems: ContentProblem[] = [];
  for (const file of artifact.render(modelFor(name, artifact, model), frame)) {
    if (artifact.check) problems.push(...artifact.check.problems(file, model));
    take(file);
  }
  if (artifact.check && problems.length > 0) throw artifact.check.error(problems);
}

/** The model as an artifact sees it: its parts, and an error naming the artifact for any other. */
export function modelFor(name: string, artifact: Artifact, model: CatalogueModel): CatalogueModel {
  const parts = new Set<PropertyKey>(artifact.reads);
  return new Proxy(model, {
    get(target, part, receiver) {
      if (!parts.has(part)) throw new BuildDefinitionError(`The ${name} artifact read the model's "${String(part)}", which it does not list in its reads (build/emit/index.ts): its files would be kept past a change of it.`);
      return Reflect.get(target, part, receiver);
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
  if (digest === undefined) known.set(name, (digest = hashText(canonicalJson(value))));
  return digest;
}

/**
 * The part as text, every value in it: a Map or a Set by its entries in order, bytes as base64. A
 * function or any other object a digest cannot see into is refused, so no part hides a fact.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, function (_key, item: unknown) {
    if (item instanceof Map) return { map: [...item] };
    if (item instanceof Set) return { set: [...item] };
    if (item instanceof Uint8Array) return { bytes: Buffer.from(item).toString('base64') };
    if (typeof item === 'function' || typeof item === 'symbol' || typeof item === 'bigint') throw new BuildDefinitionError(`A part of the model holds a ${typeof item}, which its digest cannot see.`);
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      const prototype = Object.getPrototypeOf(item);
      if (prototype !== Object.prototype && prototype !== null) throw new BuildDefinitionError(`A part of the model holds a ${prototype?.constructor?.name ?? 'class'} instance, which its digest cannot see.`);
    }
    return item;
  });
}

/** The artifact's key: the emitters' code, its name, and the digest of everything it reads. */
export function artifactKey(emitCode: string, name: string, artifact: Artifact, model: CatalogueModel, frame: PageFrame): string {
  const parts = artifact.reads.map((part) => `${part}:${digestOf(model, part, model[part])}`);
  if (artifact.frame) parts.push(`frame:${digestOf(frame, 'frame', frame)}`);
  return hashText([emitCode, name, ...parts].join('\n'));
}

/** What an artifact did: how many files, and whether the cache had them. */
export interface Emitted {
  files: number;
  fromCache: boolean;
}

/** Makes an artifact's files into the output, or places them from the cache when its key is unchanged. */
export function emitInto(output: OutputFolder, cache: BuildCache, emitCode: string, name: string, artifact: Artifact, model: CatalogueModel, frame: PageFrame): Emitted {
  // Written as each is made: the output keeps its path and object name, not its bytes.
  const add = () => {
    const written: WrittenFile[] = [];
    eachFile(name, artifact, model, frame, (file) => written.push([file.path, output.add(file)]));
    return written;
  };
  if (!cache.enabled) return { files: add().length, fromCache: false };
  const reuse = cacheUse(cache, output);
  const key = artifactKey(emitCode, name, artifact, model, frame);
  const stored = reuse.take(key);
  if (stored) return { files: stored.length, fromCache: true };
  const written = add();
  reuse.keep(key, written);
  return { files: written.length, fromCache: false };
}
