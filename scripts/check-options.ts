/** `npm run check`'s options, apart from the script so that they can be read without checking. */
export const CHECK_OPTIONS = { content: { type: 'string' } } as const;
