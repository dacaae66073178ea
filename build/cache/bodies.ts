/**
 * Rendered bodies kept between builds, apart from the pages they go into. A body's HTML and twin
 * Markdown depend only on its text, the render options and the body renderer's own code
 * (markdown-body.ts and what it imports: the "body" code fingerprint), never on the page around it.
 * So a change of the page layout, the frame (the shop's name, the stylesheet) or a page's facts
 * re-renders every page it touches without parsing one body again: Markdown is most of a page's
 * cost.
 *
 * Each body is one file, `<dir>/<first two characters of its key>/<the rest>.json`, written whole
 * or not at all, read by whichever thread renders the page (render workers included: the setup is
 * plain data). A thread notes the keys it used; the build cache records them with each page's
 * entry and removes the bodies no page of the last build used (index.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomic-file.ts';
import { hashText } from '../digest.ts';
import { renderBody } from '../../site/render/markdown-body.ts';
import type { BodyRenderOptions, RenderedBody } from '../../site/render/markdown-body.ts';

/** Where bodies are kept and under which renderer: what a thread needs to use the store. */
export interface BodyCacheSetup {
  dir: string;
  /** The body renderer's code fingerprint (build/code-fingerprint.ts). */
  fingerprint: string;
}

let setup: BodyCacheSetup | undefined;
const used = new Set<string>();
let reused = 0;

/** Use this store in this thread from now on (undefined: render every body, keep none). */
export function useBodyCache(next: BodyCacheSetup | undefined): void {
  setup = next;
}

/** The key of a body: its renderer, its options and its text. */
export const bodyKey = (fingerprint: string, markdown: string, options: BodyRenderOptions): string =>
  hashText(`${fingerprint}\n${JSON.stringify(options)}\n${markdown}`);

/** Where a body's entry lives in `dir`. */
export const bodyFile = (dir: string, key: string): string => join(dir, key.slice(0, 2), `${key.slice(2)}.json`);

/** renderBody, from the store when it holds this body rendered by this renderer. */
export function renderBodyCached(markdown: string, options: BodyRenderOptions = {}): RenderedBody {
  if (!setup) return renderBody(markdown, options);
  const key = bodyKey(setup.fingerprint, markdown, options);
  const file = bodyFile(setup.dir, key);
  used.add(key);
  const stored = readStored(file);
  if (stored) {
    reused++;
    return stored;
  }
  const body = renderBody(markdown, options);
  // The temporary file in the store's top folder, where opening the cache looks for those a kill left.
  writeFileAtomically(file, JSON.stringify(body), setup.dir);
  return body;
}

function readStored(file: string): RenderedBody | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(text) as RenderedBody;
  } catch {
    // Not what this store writes (written whole or not at all): render it again.
    return undefined;
  }
}

/** The keys of the bodies used since the last call, for the page being recorded. */
export function takeBodiesUsed(): string[] {
  const keys = [...used];
  used.clear();
  return keys;
}

/** How many bodies this thread took from the store rather than rendered. */
export const bodiesReused = (): number => reused;
