import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../core/types.ts';
import { MIN_SCORE, pagesToAudit, scoreTable, shortfalls } from './audit.ts';
import type { PageScores } from './audit.ts';

const result = (name: string, performance: number): PageScores => ({
  name, path: `/${name}`, runs: 1, scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
});

describe('pagesToAudit', () => {
  it('takes the overview and the first skill, bundle and the first skill\'s cluster, by path', () => {
    const catalog = {
      site: 'https://shop.example',
      skills: [{ url: 'https://shop.example/skills/a', clusters: [{ id: 'ship', label: 'Ship', question: 'How?' }] }],
      bundles: [{ url: 'https://shop.example/bundles/b' }],
    } as unknown as Catalog;
    expect(pagesToAudit(catalog)).toEqual([
      { name: 'home', path: '/' },
      { name: 'skill', path: '/skills/a' },
      { name: 'bundle', path: '/bundles/b' },
      { name: 'cluster', path: '/clusters/ship' },
    ]);
  });

  it('refuses a catalogue with nothing to audit, naming what is missing', () => {
    expect(() => pagesToAudit({ site: 'https://shop.example', skills: [], bundles: [] } as unknown as Catalog)).toThrow(/at least one skill, one bundle and one cluster/);
  });
});

describe('shortfalls and scoreTable', () => {
  it(`names every score under ${MIN_SCORE} and nothing else`, () => {
    expect(shortfalls([result('home', MIN_SCORE), result('skill', MIN_SCORE - 1)])).toEqual([`skill /skill performance ${MIN_SCORE - 1} (< ${MIN_SCORE})`]);
  });

  it('prints one row per page under a header naming the four categories', () => {
    const lines = scoreTable([result('home', 98), result('skill', 91)]).split('\n');
    expect(lines[0].split(/\s+/)).toEqual(['page', 'path', 'performance', 'accessibility', 'best-practices', 'seo', 'runs']);
    expect(lines).toHaveLength(4);
    expect(lines[3].split(/\s+/)).toEqual(['skill', '/skill', '91', '100', '100', '100', '1']);
  });
});
