import { describe, expect, it } from 'vitest';
import { REFERENCE_RUN, TARGETS, targetsTable } from './targets.ts';
import type { MeasuredRun } from './targets.ts';

const run = (size: number, name: string, wallMs: number, cpuMs = wallMs, peakRssMb = 300, more: Partial<MeasuredRun> = {}): MeasuredRun => ({ size, run: name, wallMs, cpuMs, peakRssMb, ...more });

describe('the targets table', () => {
  it('holds each target against the rows of the run, in its unit, and gives the floor where it bounds the measure', () => {
    const table = targetsTable([
      run(4000, REFERENCE_RUN, 5000),
      run(4000, 'floor', 12000, 13000, 400, { modelPeakRssMb: 320, timings: { 'emit search-index': 900 } }),
      run(4000, 'cold', 10000, 18000, 700, { pages: { threads: 2 } }),
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
});
