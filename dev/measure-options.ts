/** `npx tsx dev/measure.ts`'s options, apart from the script so that they can be read without measuring. */
export const MEASURE_OPTIONS = {
  runs: { type: 'string', default: '20' },
  skill: { type: 'string', default: 'shape-up' },
  /** How each save is made: `inplace` writes the file itself; `rename` writes a new file beside it
   * and renames it over the file, as `sed -i`, vim and JetBrains' safe write do. */
  save: { type: 'string', default: 'inplace' },
  /** The content folder to copy and serve (the bench's catalogues); the sample's by default. */
  content: { type: 'string' },
} as const;

export const SAVE_WAYS = ['inplace', 'rename'] as const;
export type SaveWay = (typeof SAVE_WAYS)[number];

export const isSaveWay = (value: string): value is SaveWay => (SAVE_WAYS as readonly string[]).includes(value);
