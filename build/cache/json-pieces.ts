/**
 * `JSON.stringify(value)`'s text in pieces, for a large object whose fields are records (the
 * cache's index: 21 MB at 10,000 skills). Made whole, that text is one string, two bytes a
 * character once any character is past Latin-1, and its UTF-8 copy besides: 60 MB at the end of
 * a build, for a file that can be written a megabyte at a time.
 */
export function* jsonPieces(value: object, size = 2 ** 20): Generator<string> {
  let piece = '{';
  let field = 0;
  for (const [name, inner] of Object.entries(value)) {
    if (inner === undefined) continue;
    piece += `${field++ > 0 ? ',' : ''}${JSON.stringify(name)}:`;
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) {
      piece += JSON.stringify(inner);
      continue;
    }
    piece += '{';
    let entry = 0;
    for (const [key, item] of Object.entries(inner)) {
      if (item === undefined) continue;
      piece += `${entry++ > 0 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(item)}`;
      if (piece.length >= size) {
        yield piece;
        piece = '';
      }
    }
    piece += '}';
  }
  yield `${piece}}`;
}
