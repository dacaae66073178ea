/** `npm run build`'s options, apart from the script so that they can be read without building. */
export const BUILD_OPTIONS = {
  content: { type: 'string' },
  out: { type: 'string' },
  cache: { type: 'string' },
  'lock-wait': { type: 'string' },
  'no-cache': { type: 'boolean', default: false },
  threads: { type: 'string' },
  quiet: { type: 'boolean', default: false },
  drafts: { type: 'boolean', default: false },
} as const;
