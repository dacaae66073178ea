import { describe, expect, it } from 'vitest';
import { REFERENCE_RUN, TARGETS, targetsTable } from './targets.ts';
import type { MeasuredRun } from './targets.ts';

const run = (size: number, name: string, wallMs: number, cpuMs = wallMs, peakRssMb = 300): MeasuredRun => ({ size, run: name, wallMs, cpuMs, peakRssMb });

describe('the targets table', () => {
  it('holds each target against the rows of the run, in its unit', () => {
    const table = targetsTable([
      run(4000, REFERENCE_RUN, 5000),
      run(4000, 'floor', 12000, 12000),
      run(4000, 'cold', 10000, 18000, 700),
      run(4000, 'warm, nothing changed', 400),
      run(4000, 'warm, one skill changed', 2700),
      run(4000, 'warm, page frame changed', 5000),
      run(10000, 'cold', 29000, 50000, 440),
    ]);
    const lines = table.split('\n');
    expect(lines).toHaveLength(2 + TARGETS.length + 2);
    expect(lines.at(-1)).toBe("The floor alone, the renderers on one thread with nothing else, takes 2.40× Eleventy's wall time at 4,000 skills.");
    expect(lines).toContain('| cold, 4,000 skills, wall vs Eleventy | ≤ 1.20× | 2.00× | no |');
    expect(lines).toContain("| cold, 4,000, CPU vs the floor's | ≤ 1.30× | 1.50× | no |");
    expect(lines).toContain('| peak RSS, cold, 4,000 | ≤ 350 MB | 700 MB | no |');
    expect(lines).toContain('| peak RSS, cold, 10,000 | ≤ 450 MB | 440 MB | yes |');
    expect(lines).toContain('| peak RSS, cold, 50,000 | ≤ 1,000 MB | not measured |  |');
    expect(lines).toContain('| warm, nothing changed, kept folder, 4,000 | ≤ 0.50 s | 0.40 s | yes |');
    expect(lines).toContain('| warm, one skill changed, 4,000 | ≤ 0.60 s | 2.70 s | no |');
    expect(lines).toContain('| warm, page frame changed, 4,000, vs Eleventy cold | ≤ 1.00× | 1.00× | yes |');
  });

  it('does not measure a target from a build that failed', () => {
    const failed = { ...run(4000, 'cold', 1000), failed: 'out of memory' };
    expect(targetsTable([run(4000, REFERENCE_RUN, 5000), failed])).toContain('| cold, 4,000 skills, wall vs Eleventy | ≤ 1.20× | not measured |  |');
  });
});
