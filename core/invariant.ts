/** A promise the code makes to itself was broken: a bug to fix, never an answer to a client. The
 * functions turn it into a 500 like any other failure (core/respond.ts). */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}
