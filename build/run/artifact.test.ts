import { describe, expect, it } from 'vitest';
import { artifactKey, canonicalJson, renderArtifact } from './artifact.ts';
import type { Artifact } from './artifact.ts';
import { BuildDefinitionError } from '../../site/errors.ts';
import type { PageFrame } from '../../site/pages/frame.ts';
import type { CatalogueModel } from '../../site/model.ts';

/** Only the parts these tests read; the runner never looks at the others. */
const modelOf = (parts: Partial<CatalogueModel>) => parts as CatalogueModel;
const FRAME = { siteName: 'Shelf' } as unknown as PageFrame;

const stamp = (buildVersion: string): CatalogueModel['stamp'] => ({ buildVersion, baseUrl: 'https://shelf.example' });

const stampOnly: Artifact = { reads: ['stamp'], render: (model) => [{ path: 'version.json', bytes: JSON.stringify(model.stamp) }] };

describe('an artifact', () => {
  it('renders from the parts it reads', () => {
    const model = modelOf({ stamp: stamp('1.0.0') });
    expect(renderArtifact('version', stampOnly, model, FRAME)).toEqual([{ path: 'version.json', bytes: '{"buildVersion":"1.0.0","baseUrl":"https://shelf.example"}' }]);
  });

  it('that reads a part it does not list fails, naming itself and the part', () => {
    const sneaky: Artifact = { reads: ['stamp'], render: (model) => [{ path: 'x.json', bytes: model.site.name }] };
    const model = modelOf({ stamp: {} as CatalogueModel['stamp'], site: { name: 'Shelf' } as CatalogueModel['site'] });
    expect(() => renderArtifact('sneaky', sneaky, model, FRAME)).toThrow(BuildDefinitionError);
    expect(() => renderArtifact('sneaky', sneaky, model, FRAME)).toThrow(/The sneaky artifact read the model's "site", which it does not list/);
  });

  it('has each file checked against the whole model, and fails with every problem once the last is made', () => {
    const made: string[] = [];
    const two: Artifact = {
      reads: ['stamp'],
      *render() {
        for (const path of ['a.json', 'b.json']) {
          made.push(path);
          yield { path, bytes: '{}' };
        }
      },
      check: {
        problems: (file, model) => (model.site.name === 'Shelf' ? [{ file: file.path, line: undefined, field: undefined, expected: 'nothing', got: 'a file' }] : []),
        error: (problems) => new Error(`refused ${problems.map((problem) => problem.file).join(', ')}`),
      },
    };
    const model = modelOf({ stamp: stamp('1.0.0'), site: { name: 'Shelf' } as CatalogueModel['site'] });
    expect(() => renderArtifact('two', two, model, FRAME)).toThrow('refused a.json, b.json');
    expect(made).toEqual(['a.json', 'b.json']);
  });
});

describe("an artifact's key", () => {
  const base = () => modelOf({ stamp: stamp('1.0.0'), site: { name: 'Shelf' } as CatalogueModel['site'] });
  const key = (model: CatalogueModel, artifact: Artifact = stampOnly, frame: PageFrame = FRAME, code = 'code') => artifactKey(code, 'version', artifact, model, frame);

  it('moves with a part it reads, and with the code', () => {
    const model = base();
    expect(key(model)).toBe(key(base()));
    expect(key(modelOf({ ...base(), stamp: stamp('1.0.1') }))).not.toBe(key(model));
    expect(key(model, stampOnly, FRAME, 'other code')).not.toBe(key(model));
  });

  it('holds when a part it does not read moves', () => {
    expect(key(modelOf({ ...base(), site: { name: 'Other' } as CatalogueModel['site'] }))).toBe(key(base()));
  });

  it('moves with the frame only for an artifact that reads it', () => {
    const framed: Artifact = { ...stampOnly, frame: true };
    const other = { siteName: 'Other' } as unknown as PageFrame;
    expect(key(base(), framed, other)).not.toBe(key(base(), framed));
    expect(key(base(), stampOnly, other)).toBe(key(base(), stampOnly));
  });
});

describe('the canonical text of a part', () => {
  it('shows what a Map, a Set and bytes hold', () => {
    expect(canonicalJson(new Map([['a', 1]]))).not.toBe(canonicalJson(new Map([['a', 2]])));
    expect(canonicalJson(new Set(['a']))).not.toBe(canonicalJson(new Set(['b'])));
    expect(canonicalJson({ bytes: new Uint8Array([1]) })).not.toBe(canonicalJson({ bytes: new Uint8Array([2]) }));
  });

  it('refuses what it cannot see into: a function, a class instance', () => {
    expect(() => canonicalJson({ render: () => 1 })).toThrow(/holds a function/);
    class Hidden {
      secret = 1;
    }
    expect(() => canonicalJson({ part: new Hidden() })).toThrow(/holds a Hidden instance/);
  });
});
