/**
 * What the runner runs: every file of the published folder is made by a task, and a task is a
 * kind (the code that makes it) and an input (all that code reads, as plain data). A task's key
 * is the digest of its code, the frame when its kind reads it, and its input (build/digest.ts),
 * derived and never written by hand, so no key can miss what its files show. Kinds are listed in
 * build/emit/index.ts; the runner (index.ts) keeps, links or makes each task's files by its key.
 */
import type { Bodies } from '../../site/pages/kind.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { OutputFile } from '../../site/types.ts';
import type { CatalogueView } from '../../site/pages/kind.ts';
import type { PageTask } from '../../site/pages/registry.ts';
import type { CatalogueModel } from '../../site/model.ts';
import type { ContentProblem } from '../content-error.ts';
import type { NumberedParts, SearchPart } from '../../core/search.ts';

/** One piece of work: what it is among its kind's (a page's path, a file's name) and what it is handed. */
export interface Task<Input = unknown> {
  id: string;
  input: Input;
}

/** What a task's render may use besides its input. */
export interface RenderContext {
  frame: PageFrame;
  bodies: Bodies;
  /** Each item's part of the search index, made by `make` from its input, kept in the build cache
   * by the digest of this kind's code and of the input: the same rule as a task's files, for what
   * a task makes on the way (build/search-parts.ts). */
  searchParts<Input>(inputs: readonly Input[], make: (input: Input) => SearchPart): NumberedParts;
  /** A file another task of this build made, and its size: for tasks that join others' files. */
  read(path: string): Buffer;
  size(path: string): number;
}

/** What a kind selects its tasks from: the model, the frame, the pages made from the whole catalogue's view of it. */
export interface Selection {
  model: CatalogueModel;
  frame: PageFrame;
  view: CatalogueView;
  /** Every published page, and a preview's drafts, as tasks (site/pages/registry.ts). */
  pages: readonly PageTask[];
  drafts: readonly PageTask[];
  /** Limits a test may set lower than the platform's. */
  limits: { llmsFullBytes?: number };
}

/** What the other tasks of this build made, for a `last` kind to select from: every file, and
 * which key made it (a file's key stands for its bytes: the same key, the same bytes). */
export interface Made {
  files: readonly string[];
  keyOf(path: string): string;
  size(path: string): number;
}

/** A rule each file of a kind is held to (check-json.ts), judged with the whole model. */
export interface FileCheck {
  problems(file: OutputFile, model: CatalogueModel): ContentProblem[];
  error(problems: readonly ContentProblem[]): Error;
}

export interface TaskKind<Input = any> {
  /**
   * The modules whose code makes a task of this kind, from the project root or as a module's
   * `import.meta.url` (build/code.ts hashes each with what it imports): the same for every task,
   * or chosen by its input (a page by its kind of page).
   */
  code: readonly string[] | ((input: Input) => readonly string[]);
  /** Whether it reads the frame: only then is its render handed it, and its key holds it. */
  frame: boolean;
  /** Whether it reads the Markdown bodies: only then is its render handed them, and its key holds
   * the body renderer's code. */
  bodies?: boolean;
  /**
   * Where it is made: `anywhere`, on whichever thread renders next (pages: its input is small
   * plain data); `here`, on this thread, which holds the model its input refers to (catalog.json's
   * bytes); `last`, here after every other task, when its input is selected from what they made
   * (`_headers` names every top-level entry, llms-full.txt joins the twins).
   */
  where: 'anywhere' | 'here' | 'last';
  /** Its tasks; a `last` kind is also handed what the other tasks made. */
  tasks(selection: Selection, made: Made): Task<Input>[];
  render(input: Input, context: RenderContext): Iterable<OutputFile>;
  check?: FileCheck;
}
