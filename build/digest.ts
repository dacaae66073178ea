/** How the cache names things: keys by the base64url SHA-256 of what decides them, objects by the
 * hex SHA-256 of their bytes. Page workers name what they write with the same function. */
import { createHash } from 'node:crypto';

export const hashText = (text: string | Uint8Array): string => createHash('sha256').update(text).digest('base64url');

/** How an object is named: the hex SHA-256 of its bytes, fed in one piece or in several. */
export const objectHasher = () => createHash('sha256');
export const objectName = (bytes: string | Uint8Array): string => objectHasher().update(bytes).digest('hex');
