import { describe, expect, it } from 'vitest';
import { BODY_EDIT, BODY_EDIT_FLOOR } from './edits.ts';
import { median, TARGETS, targetsSection, targetsTable } from './targets.ts';
import type { MeasuredRun, Round } from './targets.ts';

const run = (size: number, name: string, wallMs: number, cpuMs = wallMs, peakRssMb = 300, more: Partial<MeasuredRun> = {}): MeasuredRun => ({ size, run: name, wallMs, cpuMs, peakRssMb, ...more });

describe('the targets table', () => {
  it('holds each target against the rows of the run, in its unit, and gives the floor where it bounds the measure', () => {
    const table = targetsTable([
      run(4000, 'floor', 12000, 13000, 400, { modelPeakRssMb: 320 }),
      run(4000, 'cold', 10000, 18000, 700, { report: { threads: 2 } }),
      run(4000, 'warm, nothing changed', 400),
      run(4000, BODY_EDIT_FLOOR, 200),
      run(4000, BODY_EDIT, 450),
      run(4000, 'warm, title and price edited', 900),
      run(4000, 'warm, skill added', 1200),
      run(4000, 'warm, skill removed', 700),
      run(4000, 'warm, bundle members changed', 500),
      run(10000, BODY_EDIT_FLOOR, 1100),
      run(10000, BODY_EDIT, 1500),
      run(50000, 'floor', 90000, 90000, 1200, { modelPeakRssMb: 1049 }),
      run(50000, 'cold', 60000, 100000, 1438),
      run(50000, BODY_EDIT, 4000, 4000, 980),
    ], [], {
      searches: [{ size: 50000, cold: { firstRequestMs: 212.4, rssMb: 310 } }, { size: 4000, cold: { firstRequestMs: 1, rssMb: 1 } }],
      dev: [{ size: 4000, way: 'inplace', toPageMs: 380 }, { size: 4000, way: 'rename', toPageMs: 420 }, { way: 'inplace', toPageMs: 10 }],
    });
    const lines = table.split('\n');
    expect(lines).toHaveLength(2 + TARGETS.length);
    expect(lines[0]).toBe('| measure | target | this run | met | the floor for it |');
    const byEdit = "the edit floor: the files the edit changes, made again by the edit's work alone";
    expect(lines).toContain(`| one body edit, 4,000 skills, wall | ≤ 0.50 s | 0.45 s | yes | 0.20 s, ${byEdit} |`);
    expect(lines).toContain("| one skill's title and price edited, 4,000, vs one body edit | ≤ 2.00× | 2.00× | yes |  |");
    expect(lines).toContain('| one skill added, 4,000, vs one body edit | ≤ 2.00× | 2.67× | no |  |');
    expect(lines).toContain('| one skill removed, 4,000, vs one body edit | ≤ 2.00× | 1.56× | yes |  |');
    expect(lines).toContain("| one bundle's members changed, 4,000, vs one body edit | ≤ 2.00× | 1.11× | yes |  |");
    expect(lines).toContain(`| one body edit, 10,000 skills, wall | ≤ 1.00 s | 1.50 s | no | 1.10 s, ${byEdit}: out of reach |`);
    expect(lines).toContain('| one skill added, 10,000, vs one body edit | ≤ 2.00× | not measured |  |  |');
    expect(lines).toContain('| one body edit, 50,000 skills, wall | ≤ 5.00 s | 4.00 s | yes |  |');
    // The slower way of saving, over the bench's catalogue of that size; the sample's counts for nothing.
    expect(lines).toContain('| `npm run dev`, save → page shows it, 4,000 | ≤ 0.50 s | 0.42 s | yes |  |');
    expect(lines).toContain('| peak RSS, cold, 50,000 | ≤ 1,000 MB | 1,438 MB | no | 1,049 MB, load, validate and model alone: out of reach |');
    expect(lines).toContain('| peak RSS, one body edit, 50,000 | ≤ 1,000 MB | 980 MB | yes | 1,049 MB, load, validate and model alone: out of reach |');
    expect(lines).toContain('| search function, 50,000, first answer | ≤ 300 ms | 212 ms | yes |  |');
    expect(lines).toContain('| search function, 50,000, RSS after its first answer | ≤ 300 MB | 310 MB | no |  |');
    // The floor's 13 s of CPU on the cold build's two threads: 6.5 s.
    expect(lines).toContain("| cold, 4,000 (the bench's corpus), wall | ≤ 12.95 s | 10.00 s | yes | 6.50 s, the floor's CPU time spread evenly over the build's threads |");
    expect(lines).toContain('| warm, nothing changed, kept folder, 4,000 | ≤ 0.50 s | 0.40 s | yes |  |');
  });

  it('does not measure a target from a build that failed, nor `npm run dev` from the sample or a way that failed', () => {
    const failed = { ...run(4000, 'cold', 1000), failed: 'out of memory' };
    expect(targetsTable([failed])).toContain("| cold, 4,000 (the bench's corpus), wall | ≤ 12.95 s | not measured |  |  |");
    const dev = '| `npm run dev`, save → page shows it, 4,000 | ≤ 0.50 s | not measured |  |  |';
    expect(targetsTable([], [], { dev: [{ way: 'inplace', toPageMs: 100 }, { way: 'rename', toPageMs: 100 }] })).toContain(dev);
    expect(targetsTable([], [], { dev: [{ size: 4000, way: 'inplace', toPageMs: 100 }, { size: 4000, way: 'rename', failed: 'no reload event' }] })).toContain(dev);
  });

  it('takes an edit\'s ratio to the body edit within each round, the median of those, not from the medians of the runs', () => {
    // The machine slowed down in the second round and sped up in the third: the two runs' medians
    // come from different rounds, and their ratio (900 / 500) says 1.80×.
    const rounds: Round[] = [
      { size: 4000, runs: { [BODY_EDIT]: { wallMs: 500, cpuMs: 500 }, 'warm, skill added': { wallMs: 1100, cpuMs: 1100 } } },
      { size: 4000, runs: { [BODY_EDIT]: { wallMs: 800, cpuMs: 800 }, 'warm, skill added': { wallMs: 1200, cpuMs: 1200 } } },
      { size: 4000, runs: { [BODY_EDIT]: { wallMs: 400, cpuMs: 400 }, 'warm, skill added': { wallMs: 900, cpuMs: 900 } } },
      // Another size's round counts for nothing at 4,000.
      { size: 10000, runs: { [BODY_EDIT]: { wallMs: 1, cpuMs: 1 }, 'warm, skill added': { wallMs: 100, cpuMs: 100 } } },
    ];
    const lines = targetsTable([run(4000, BODY_EDIT, 500), run(4000, 'warm, skill added', 900)], rounds).split('\n');
    // Within the rounds: 2.20, 1.50 and 2.25; their median is 2.20.
    expect(lines).toContain('| one skill added, 4,000, vs one body edit | ≤ 2.00× | 2.20× | no |  |');
  });
});

describe("the README's section", () => {
  it('says where `npm run dev` was measured when it was not the bench\'s catalogue', () => {
    expect(targetsSection('m', 'w', 3, '| t |', true)).toContain('it is not measured at 4,000 skills: dev/measure.ts measures over a copy of content/ (the sample)');
    expect(targetsSection('m', 'w', 3, '| t |')).not.toContain('not measured');
    expect(targetsSection('m', 'w', 3, '| t |').endsWith('| t |\n')).toBe(true);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, whatever the order; none of nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});
