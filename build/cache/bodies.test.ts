/** Rendered bodies kept apart from their pages: the same text, options and renderer never parse twice. */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bodiesReused, bodyFile, bodyKey, renderBodyCached, takeBodiesUsed, useBodyCache } from './bodies.ts';
import { renderBody, renderTally } from '../../site/render/markdown-body.ts';

const dirs: string[] = [];
afterEach(() => {
  useBodyCache(undefined);
  takeBodiesUsed();
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const store = (fingerprint = 'body-1') => {
  const dir = mkdtempSync(join(tmpdir(), 'bodies-'));
  dirs.push(dir);
  return { dir, fingerprint };
};

const TEXT = '# Title\n\nSome *words* and [a link](https://example.com).\n\n<script>alert(1)</script>\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';
const OPTIONS = { topHeading: 3, footnotePrefix: 'x-skill' };

/** Bodies parsed by this thread while `run` runs. */
function parsedDuring(run: () => void): number {
  const before = renderTally().bodies;
  run();
  return renderTally().bodies - before;
}

describe('renderBodyCached', () => {
  it('parses a body once, then answers the same HTML and twin text from the store', () => {
    useBodyCache(store());
    let first: ReturnType<typeof renderBody> | undefined;
    let second: ReturnType<typeof renderBody> | undefined;
    expect(parsedDuring(() => (first = renderBodyCached(TEXT, OPTIONS)))).toBe(1);
    const reused = bodiesReused();
    expect(parsedDuring(() => (second = renderBodyCached(TEXT, OPTIONS)))).toBe(0);
    expect(bodiesReused()).toBe(reused + 1);
    expect(second).toEqual(first);
    // What the renderer itself makes: raw HTML dropped, the heading shifted.
    expect(first).toEqual(renderBody(TEXT, OPTIONS));
    expect(first!.html).not.toContain('<script');
    expect(first!.html).toContain('<h3>Title</h3>');
  });

  it('parses again for other options, another text or another renderer', () => {
    const setup = store();
    useBodyCache(setup);
    renderBodyCached(TEXT, OPTIONS);
    expect(parsedDuring(() => renderBodyCached(TEXT, { ...OPTIONS, topHeading: 2 }))).toBe(1);
    expect(parsedDuring(() => renderBodyCached(`${TEXT}\nMore.\n`, OPTIONS))).toBe(1);
    useBodyCache({ ...setup, fingerprint: 'body-2' });
    expect(parsedDuring(() => renderBodyCached(TEXT, OPTIONS))).toBe(1);
  });

  it('renders again over an entry that is not its own, and stores the right one', () => {
    const setup = store();
    useBodyCache(setup);
    const file = bodyFile(setup.dir, bodyKey(setup.fingerprint, TEXT, OPTIONS));
    renderBodyCached(TEXT, OPTIONS);
    writeFileSync(file, '{"html": "<p>tor');
    const expected = renderBody(TEXT, OPTIONS);
    expect(parsedDuring(() => expect(renderBodyCached(TEXT, OPTIONS)).toEqual(expected))).toBe(1);
    expect(parsedDuring(() => renderBodyCached(TEXT, OPTIONS))).toBe(0);
  });

  it('names the bodies each page used, once each, for the cache to keep', () => {
    const setup = store();
    useBodyCache(setup);
    takeBodiesUsed();
    renderBodyCached(TEXT, OPTIONS);
    renderBodyCached(TEXT, OPTIONS);
    expect(takeBodiesUsed()).toEqual([bodyKey(setup.fingerprint, TEXT, OPTIONS)]);
    expect(takeBodiesUsed()).toEqual([]);
  });

  it('keeps nothing without a store', () => {
    const setup = store();
    expect(parsedDuring(() => renderBodyCached(TEXT, OPTIONS))).toBe(1);
    expect(parsedDuring(() => renderBodyCached(TEXT, OPTIONS))).toBe(1);
    expect(readdirSync(setup.dir)).toEqual([]);
    expect(takeBodiesUsed()).toEqual([]);
  });
});
