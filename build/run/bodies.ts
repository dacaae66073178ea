/**
 * How the build gives a page its item's body: its text read from the content file as loaded
 * (build/load.ts), and that text rendered, or taken from the build cache when it was rendered
 * before from the same text, with the same options, by the same body renderer. A body depends on
 * nothing else, so a change of the layout, the frame or an item's facts renders pages again
 * without parsing one body. Each content file keeps one rendered body (`bodies/<name>.json`, with
 * the key it was rendered under), so the folder holds none of a file that is gone (store.ts).
 * Pages read bodies through this alone (site/pages/kind.ts `Bodies`), in whichever thread renders.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomically } from '../atomic-file.ts';
import { hashText } from '../digest.ts';
import { readBody } from '../load.ts';
import { renderBody } from '../../site/render/markdown-body.ts';
import type { BodyRenderOptions, RenderedBody } from '../../site/render/markdown-body.ts';
import type { Bodies } from '../../site/pages/kind.ts';
import type { BodySource } from '../../site/model.ts';

/** Where rendered bodies are kept, and the body renderer's code digest: what a thread needs to use them. */
export interface BodyStore {
  dir: string;
  code: string;
}

let store: BodyStore | undefined;
let reused = 0;

/** Use this store in this thread from now on (undefined: render every body, keep none). */
export function useBodyStore(next: BodyStore | undefined): void {
  store = next;
}

/** The name of a content file's rendered body in the store. */
export const bodyFileOf = (source: Pick<BodySource, 'path'>): string => `${hashText(source.path)}.json`;

interface StoredBody {
  key: string;
  body: RenderedBody;
}

function render(source: BodySource, markdown: string, options: BodyRenderOptions): RenderedBody {
  if (!store) return renderBody(markdown, options);
  const key = hashText(store.code, '\n', JSON.stringify(options), '\n', markdown);
  const file = join(store.dir, bodyFileOf(source));
  const stored = readStored(file);
  if (stored?.key === key) {
    reused += 1;
    return stored.body;
  }
  const body = renderBody(markdown, options);
  writeFileAtomically(file, JSON.stringify({ key, body } satisfies StoredBody));
  return body;
}

function readStored(file: string): StoredBody | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredBody;
  } catch {
    // None yet, or not what this store writes (written whole or not at all): render it.
    return undefined;
  }
}

export const buildBodies: Bodies = { text: readBody, render };

/** How many bodies this thread took from the store rather than rendered. */
export const bodiesReused = (): number => reused;
