import { describe, expect, it } from 'vitest';
import { median, REFERENCE_RUN, TARGETS, targetsTable } from './targets.ts';
import type { MeasuredRun, Round } from './targets.ts';

const run = (size: number, name: string, wallMs: number, cpuMs = wallMs, peakRssMb = 300, more: Partial<MeasuredRun> = {}): MeasuredRun => ({ size, run: name, wallMs, cpuMs, peakRssMb, ...more });

describe('the targets table', () => {
  it('holds each target against the rows of the run, in its unit, and gives the floor where it bounds the measure', () => {
    const table = targetsTable([
      run(4000, REFERENCE_RUN, 5000),
      run(4000, 'floor', 12000, 13000, 400, { modelPeakRssMb: 320, timings: { 'emit search-index': 900 } }),
      run(4000, 'cold', 10000, 18000, 700, { report: { threads: 2 } }),
      run(4000, 'warm, nothing changed', 400),
      run(4000, 'warm, one skill changed', 2700),
      run(4000, 'warm, page frame changed', 5000),
      run(10000, 'floor', 30000, 30000, 600, { modelPeakRssMb: 480 }),
      run(10000, 'cold', 29000, 50000, 440),
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(2 + TARGETS.length);
    expect(lines[0]).toBe('| measure | target | this run | met | the floor for it |');
    // The floor's 13 s of CPU on the cold build's two threads: 6.5 s, 1.3× Eleventy's 5 s.
    expect(lines).toContain("| cold, 4,000 skills, wall vs Eleventy | ≤ 1.20× | 2.00× | no | 1.30×, the floor's CPU time spread evenly over the build's threads: out of reach |");
    expect(lines).toContain("| cold, 4,000, CPU vs the floor's | ≤ 1.30× | 1.38× | no |  |");
    expect(lines).toContain('| peak RSS, cold, 4,000 | ≤ 350 MB | 700 MB | no | 320 MB, load, validate and model alone |');
    expect(lines).toContain('| peak RSS, cold, 10,000 | ≤ 450 MB | 440 MB | yes | 480 MB, load, validate and model alone: out of reach |');
    expect(lines).toContain('| peak RSS, cold, 50,000 | ≤ 1,000 MB | not measured |  |  |');
    expect(lines).toContain('| warm, nothing changed, kept folder, 4,000 | ≤ 0.50 s | 0.40 s | yes |  |');
    expect(lines).toContain('| warm, one skill changed, 4,000 | ≤ 0.60 s | 2.70 s | no | 0.90 s, the search index alone, made again whole: out of reach |');
    expect(lines).toContain('| warm, page frame changed, 4,000, vs Eleventy cold | ≤ 1.00× | 1.00× | yes |  |');
  });

  it('does not measure a target from a build that failed', () => {
    const failed = { ...run(4000, 'cold', 1000), failed: 'out of memory' };
    expect(targetsTable([run(4000, REFERENCE_RUN, 5000), failed])).toContain('| cold, 4,000 skills, wall vs Eleventy | ≤ 1.20× | not measured |  |  |');
  });

  it('takes a ratio between runs made in rounds within each round, the median of those, not from the medians of the runs', () => {
    // The machine slowed down in the second round and sped up in the third: Eleventy's and the
    // build's medians come from different rounds, and their ratio (6,000 / 5,000) says 1.20×.
    const rounds: Round[] = [
      { size: 4000, runs: { [REFERENCE_RUN]: { wallMs: 5000, cpuMs: 5000 }, floor: { wallMs: 12000, cpuMs: 12000 }, cold: { wallMs: 5500, cpuMs: 13000 } } },
      { size: 4000, runs: { [REFERENCE_RUN]: { wallMs: 8000, cpuMs: 8000 }, floor: { wallMs: 20000, cpuMs: 20000 }, cold: { wallMs: 8000, cpuMs: 24000 } } },
      { size: 4000, runs: { [REFERENCE_RUN]: { wallMs: 4000, cpuMs: 4000 }, floor: { wallMs: 9000, cpuMs: 9000 }, cold: { wallMs: 6000, cpuMs: 11000 } } },
      { size: 4000, runs: { [REFERENCE_RUN]: { wallMs: 6000, cpuMs: 6000 }, 'warm, page frame changed': { wallMs: 5400, cpuMs: 9000 } } },
      { size: 4000, runs: { [REFERENCE_RUN]: { wallMs: 4000, cpuMs: 4000 }, 'warm, page frame changed': { wallMs: 4400, cpuMs: 9000 } } },
      // Another size's round counts for nothing at 4,000.
      { size: 10000, runs: { [REFERENCE_RUN]: { wallMs: 1, cpuMs: 1 }, cold: { wallMs: 100, cpuMs: 100 } } },
    ];
    const lines = targetsTable([
      run(4000, REFERENCE_RUN, 5000),
      run(4000, 'floor', 12000, 12000, 300, { modelPeakRssMb: 200 }),
      run(4000, 'cold', 6000, 13000, 300, { report: { threads: 2 } }),
      run(4000, 'warm, page frame changed', 5400),
    ], rounds).split('\n');
    // Within the rounds: 5,500 / 5,000, 8,000 / 8,000 and 6,000 / 4,000; their median is 1.10. The
    // floor's CPU over Eleventy's wall, 2.40, 2.50 and 2.25, on two threads: 1.20.
    expect(lines).toContain("| cold, 4,000 skills, wall vs Eleventy | ≤ 1.20× | 1.10× | yes | 1.20×, the floor's CPU time spread evenly over the build's threads |");
    // 13 / 12, 24 / 20, 11 / 9: 1.08, 1.20, 1.22.
    expect(lines).toContain("| cold, 4,000, CPU vs the floor's | ≤ 1.30× | 1.20× | yes |  |");
    // 5,400 / 6,000 and 4,400 / 4,000: the mean of the two, 1.00.
    expect(lines).toContain('| warm, page frame changed, 4,000, vs Eleventy cold | ≤ 1.00× | 1.00× | yes |  |');
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones, whatever the order; none of nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
});
