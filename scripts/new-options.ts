/** `npm run new`'s options (beside its kind and slug), apart from the script so that they can be read without writing. */
export const NEW_OPTIONS = { content: { type: 'string' } } as const;
