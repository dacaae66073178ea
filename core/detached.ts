/**
 * Strings that share no memory with the text they were cut from.
 *
 * V8 makes a slice of a string 13 characters or longer (`slice`, a regular expression's match, a
 * parser's token) as a view of its parent, and the parent then lives as long as the slice does:
 * a link's address kept from a body keeps the whole file, a title kept from front matter keeps
 * all of it. A concatenation sliced again is copied instead (V8 flattens the concatenation into a
 * new string of its own), so the copy holds only its own characters.
 */

/** `text`'s characters in a string of their own. */
export function detached(text: string): string {
  return (' ' + text).slice(1);
}

/**
 * `value` with every string in it, at any depth of arrays and plain objects, replaced by its
 * detached copy: in place, for parsed data no one else holds yet. Each object is visited once,
 * however many times it is referred to (YAML's aliases share one).
 */
export function detachStrings<T>(value: T): T {
  const seen = new Set<object>();
  const visit = (node: unknown): unknown => {
    if (typeof node === 'string') return detached(node);
    if (typeof node !== 'object' || node === null || seen.has(node)) return node;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i += 1) node[i] = visit(node[i]);
    } else {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) record[key] = visit(record[key]);
    }
    return node;
  };
  return visit(value) as T;
}
