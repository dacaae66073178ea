/**
 * catalog.json read an item at a time (openCatalogItems), as the card function reads it: each
 * item is its byte range of the file the layout describes; a file of another length is laid out
 * again; a missing file is a CatalogUnavailableError; a file of the same length that is not the
 * layout's never hands over another item.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemOf, serialiseCatalog } from '../core/catalog-layout.ts';
import { InvariantError } from '../core/invariant.ts';
import { catalog } from '../test/fixtures/catalog.ts';
import { CatalogUnavailableError, openCatalogItems } from './catalog-source.ts';

let dir: string;
const { bytes, layout } = serialiseCatalog(catalog);
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'catalog-items-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function written(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

describe('openCatalogItems', () => {
  it('hands over each skill and bundle as catalog.json holds it, by its byte range', async () => {
    const items = await openCatalogItems([await written('catalog.json', bytes)], layout);
    for (const skill of catalog.skills) expect(await itemOf(items, 'skill', skill.slug)).toEqual(skill);
    for (const bundle of catalog.bundles) expect(await itemOf(items, 'bundle', bundle.slug)).toEqual(bundle);
    expect(await itemOf(items, 'skill', 'no-such-skill')).toBeUndefined();
    expect(await itemOf(items, 'bundle', catalog.skills[0].slug)).toBeUndefined();
  });

  it('lays out again a file the layout was not made for, and answers from it', async () => {
    const edited = { ...catalog, skills: catalog.skills.map((skill, i) => (i === 0 ? { ...skill, title: `${skill.title}, edited by hand` } : skill)) };
    const items = await openCatalogItems([await written('edited.json', `${JSON.stringify(edited)}\n`)], layout);
    expect((await itemOf(items, 'skill', catalog.skills[0].slug))?.title).toBe(`${catalog.skills[0].title}, edited by hand`);
  });

  it('never hands over another item from a file of the same length that is not the layout\'s', async () => {
    const swapped = { ...catalog, skills: [catalog.skills[1], catalog.skills[0], ...catalog.skills.slice(2)] };
    const text = `${JSON.stringify(swapped)}\n`;
    expect(Buffer.byteLength(text)).toBe(layout.length);
    const items = await openCatalogItems([await written('swapped.json', text)], layout);
    await expect(itemOf(items, 'skill', catalog.skills[0].slug)).rejects.toThrow(InvariantError);
  });

  it('is a CatalogUnavailableError naming the file when there is none', async () => {
    await expect(openCatalogItems([join(dir, 'missing.json')], layout)).rejects.toThrow(CatalogUnavailableError);
  });
});
