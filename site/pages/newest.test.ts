/** The newest of some dates: the later instant whatever its offset, the first of the same instant. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newestDate } from './newest.ts';
import { propertyRuns } from '../../test/helpers/property.ts';

/** The newest as its definition says: each date parsed, the first of the latest instant kept. */
function byDefinition(dates: readonly string[]): string | undefined {
  let newest: string | undefined;
  for (const date of dates) if (newest === undefined || Date.parse(date) > Date.parse(newest)) newest = date;
  return newest;
}

describe('newestDate', () => {
  it('compares instants, not texts, across offsets and fractions of a second', () => {
    expect(newestDate(['2026-01-01T10:00:00+02:00', '2026-01-01T09:30:00Z'])).toBe('2026-01-01T09:30:00Z');
    expect(newestDate(['2026-01-01T09:30:00Z', '2026-01-01T09:30:00.500Z'])).toBe('2026-01-01T09:30:00.500Z');
    expect(newestDate(['2026-01-01T09:30:00Z', '2026-01-01T10:30:00+01:00'])).toBe('2026-01-01T09:30:00Z');
    expect(newestDate(['2026-01-02T00:00:00Z', '2026-01-01T23:59:59Z', '2026-01-02T01:00:00+02:00'])).toBe('2026-01-02T00:00:00Z');
    expect(newestDate([])).toBeUndefined();
  });

  it('is what parsing every date gives, for dates in any of the forms the build meets', () => {
    const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
    const offset = fc.integer({ min: -12 * 60, max: 14 * 60 });
    const written = fc.oneof(
      // As the build writes a file's modification time: UTC, whole seconds.
      instant.map((ms) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z')),
      instant.map((ms) => new Date(ms).toISOString()),
      // As git writes a commit's date: with the committer's offset.
      fc.tuple(instant, offset).map(([ms, minutes]) => {
        const local = new Date(Math.floor(ms / 1000) * 1000 + minutes * 60_000).toISOString().slice(0, 19);
        const sign = minutes < 0 ? '-' : '+';
        const [hours, rest] = [Math.floor(Math.abs(minutes) / 60), Math.abs(minutes) % 60];
        return `${local}${sign}${String(hours).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
      }),
    );
    fc.assert(fc.property(fc.array(written, { maxLength: 30 }), (dates) => {
      expect(newestDate(dates)).toBe(byDefinition(dates));
    }), { numRuns: propertyRuns(300) });
  });
});
