import { describe, expect, it } from 'vitest';
import { artifactKey, pieceKey, renderArtifact } from './artifact.ts';
import { canonicalJson } from '../digest.ts';
import type { Artifact, PiecedArtifact } from './artifact.ts';
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

describe('an artifact that reads one field of a part', () => {
  const site = (name: string, baseUrl = 'https://shelf.example') => ({ name, baseUrl }) as CatalogueModel['site'];
  const baseOnly: Artifact = { reads: ['site.baseUrl'], render: (model) => [{ path: 'base.txt', bytes: model.site.baseUrl }] };
  const key = (model: CatalogueModel, artifact: Artifact = baseOnly) => artifactKey('code', 'base', artifact, model, FRAME);

  it('sees that field, and fails naming any other field of the part', () => {
    expect(renderArtifact('base', baseOnly, modelOf({ site: site('Shelf') }), FRAME)).toEqual([{ path: 'base.txt', bytes: 'https://shelf.example' }]);
    const nosy: Artifact = { reads: ['site.baseUrl'], render: (model) => [{ path: 'x.txt', bytes: model.site.name }] };
    expect(() => renderArtifact('nosy', nosy, modelOf({ site: site('Shelf') }), FRAME)).toThrow(/The nosy artifact read the model's "site.name", which it does not list/);
  });

  it('is keyed by that field: another field moving holds the key', () => {
    expect(key(modelOf({ site: site('Other') }))).toBe(key(modelOf({ site: site('Shelf') })));
    expect(key(modelOf({ site: site('Shelf', 'https://other.example') }))).not.toBe(key(modelOf({ site: site('Shelf') })));
    const whole: Artifact = { ...baseOnly, reads: ['site'] };
    expect(key(modelOf({ site: site('Other') }), whole)).not.toBe(key(modelOf({ site: site('Shelf') }), whole));
  });
});

describe('a pieced artifact', () => {
  const perSkill: PiecedArtifact<{ slug: string; title: string }> = {
    reads: ['skills'],
    pieces: (model) => model.skills.map(({ skill }) => ({ slug: skill.slug, title: skill.title })),
    renderPiece: (piece) => [{ path: `${piece.slug}.txt`, bytes: piece.title }],
  };
  const skills = (...titles: string[]) => modelOf({ skills: titles.map((title, i) => ({ skill: { slug: `s${i}`, title } })) as CatalogueModel['skills'] });

  it('renders each piece from its input, in order', () => {
    expect(renderArtifact('per-skill', perSkill, skills('A', 'B'), FRAME)).toEqual([{ path: 's0.txt', bytes: 'A' }, { path: 's1.txt', bytes: 'B' }]);
  });

  it('selects its pieces from what it reads alone', () => {
    const nosy: PiecedArtifact = { ...perSkill, pieces: (model) => [model.site.name] };
    expect(() => renderArtifact('nosy', nosy, modelOf({ skills: [], site: { name: 'Shelf' } as CatalogueModel['site'] }), FRAME)).toThrow(/read the model's "site"/);
  });

  it("keys a piece by the code, the artifact and the piece's input: another piece's edit holds it", () => {
    const [first, second] = [skills('A', 'B'), skills('A', 'C')].map((model) => perSkill.pieces(model).map((piece) => pieceKey('code', 'per-skill', piece)));
    expect(first[0]).toBe(second[0]);
    expect(first[1]).not.toBe(second[1]);
    expect(pieceKey('other code', 'per-skill', perSkill.pieces(skills('A'))[0])).not.toBe(first[0]);
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
