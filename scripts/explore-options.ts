/** `npm run test:explore`'s options, apart from the script so that they can be read without exploring. */
export const EXPLORE_OPTIONS = {
  seeds: { type: 'string', default: '20' },
  factor: { type: 'string', default: '20' },
  seed: { type: 'string', multiple: true },
  only: { type: 'string' },
} as const;
