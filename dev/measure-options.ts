/** `npx tsx dev/measure.ts`'s options, apart from the script so that they can be read without measuring. */
export const MEASURE_OPTIONS = {
  runs: { type: 'string', default: '20' },
  skill: { type: 'string', default: 'shape-up' },
} as const;
